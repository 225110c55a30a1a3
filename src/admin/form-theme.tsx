// The small rjsf theme of the entity dialog: templates and widgets mapped onto the app's ui
// primitives. Labels are translation keys (`t(schema.title)`); one message per field, shown under
// it (linked by aria-describedby) once a save was attempted; no error list, no submit button (the
// dialog's footer has the buttons).
import { withTheme, type ThemeProps } from '@rjsf/core';
import {
  errorId,
  type FieldTemplateProps,
  type ObjectFieldTemplateProps,
  type RJSFSchema,
} from '@rjsf/utils';
import { Label } from '@/components/ui/label.tsx';
import { t } from '@/lib/i18n.ts';
import { cn } from '@/lib/utils.ts';
import {
  BaseInputTemplate,
  CheckboxWidget,
  ColorWidget,
  DateTimeWidget,
  DateWidget,
  LookupWidget,
  MessageWidget,
  PasswordWidget,
  SelectWidget,
  TextareaWidget,
  TextWidget,
  type EntityFormContext,
} from './form-widgets.tsx';
import type { FormData } from './validation.ts';

/** Fields that take the whole row of the two-column grid. */
const WIDE_WIDGETS = new Set(['textarea', 'message']);

function FieldTemplate(props: FieldTemplateProps<FormData, RJSFSchema, EntityFormContext>) {
  const { id, label, children, rawErrors, hidden, required, displayLabel, schema, uiSchema, fieldPathId } = props;
  if (hidden) return <div className="hidden">{children}</div>;
  // The root object: its template lays the fields out.
  if (fieldPathId.path.length === 0) return children;
  const error = rawErrors?.find(Boolean);
  const widget = uiSchema?.['ui:widget'];
  const wide = (typeof widget === 'string' && WIDE_WIDGETS.has(widget)) || schema.type === 'object';
  return (
    <div
      className={cn('flex min-w-0 flex-col gap-1.5', wide && 'sm:col-span-2', !displayLabel && schema.type === 'boolean' && 'sm:self-end')}
      data-invalid={error ? true : undefined}
    >
      {displayLabel && (
        <Label htmlFor={id} className={cn(error && 'text-tag-danger-foreground')}>
          {t(label)}
          {required && <span className="text-tag-danger-foreground" aria-hidden="true">*</span>}
        </Label>
      )}
      {children}
      {error && (
        <p id={errorId(id)} className="text-xs font-medium text-tag-danger-foreground">
          {error}
        </p>
      )}
    </div>
  );
}

function ObjectFieldTemplate({ properties }: ObjectFieldTemplateProps<FormData, RJSFSchema, EntityFormContext>) {
  return <div className="grid gap-x-4 gap-y-5 sm:grid-cols-2">{properties.map((p) => p.content)}</div>;
}

const Nothing = () => null;

export const entityFormTheme: ThemeProps<FormData, RJSFSchema, EntityFormContext> = {
  templates: {
    FieldTemplate,
    ObjectFieldTemplate,
    BaseInputTemplate,
    ErrorListTemplate: Nothing,
    FieldErrorTemplate: Nothing,
    FieldHelpTemplate: Nothing,
    DescriptionFieldTemplate: Nothing,
    TitleFieldTemplate: Nothing,
    ButtonTemplates: { SubmitButton: Nothing },
  },
  widgets: {
    TextWidget,
    TextareaWidget,
    CheckboxWidget,
    SelectWidget,
    ColorWidget,
    DateWidget,
    DateTimeWidget,
    PasswordWidget,
    lookup: LookupWidget,
    message: MessageWidget,
  },
};

/** The rjsf Form with the entity theme. */
export const EntityForm = withTheme<FormData, RJSFSchema, EntityFormContext>(entityFormTheme);

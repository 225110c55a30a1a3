// The New / Edit dialog: the entity's form (react-jsonschema-form with the entity theme) in a modal
// at most 90% of the viewport high, which can be maximised. Messages show after the first save
// attempt. Save: an id above 0 is an update (PUT, payload names, rowVersion), otherwise a create
// (POST). Whatever goes wrong, the dialog stays open with what was typed: the server's field
// errors on their fields, a stale rowVersion explained with the choice to load the current row or
// to overwrite it. A row the feature says cannot be changed (`useReadOnly`) opens read-only: the
// reason above the form, every field disabled, no save or delete. Once a save was tried, the form
// validates as it is filled: a field's message goes as soon as the field is valid, a server's
// message once its field is edited. Escape (or a click beside the dialog) on a form with typed,
// unsaved values asks before discarding them; an untouched form closes at once.
import { Suspense, useId, useMemo, useRef, useState, type ComponentType } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IChangeEvent } from '@rjsf/core';
import { getDefaultFormState, type ErrorSchema, type RJSFSchema } from '@rjsf/utils';
import { AlertCircle, AlertTriangle, Loader2, Lock, Trash2, WifiOff } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog.tsx';
import { t } from '@/lib/i18n.ts';
import { invalidatePaths } from '@/lib/query-keys.ts';
import { notify } from '@/lib/notify.ts';
import { useOnline } from '@/lib/offline.ts';
import { useSubmissionKey } from '@/lib/submission-key.ts';
import { entityPath, saveRow } from './api.ts';
import { sameFormData, useDiscardGuard } from './discard-guard.tsx';
import { errorBody, errorMessage, isStaleConflict, serverFieldErrors, type ServerFieldError } from './errors.ts';
import { EntityForm } from './form-theme.tsx';
import type { EntityFormContext } from './form-widgets.tsx';
import { displayOf } from './value-format.ts';
import { formDataOf, formSchemaFor, formUiSchemaFor, isUpdate, propertiesOf, toPayload } from './payload.ts';
import { entityFormValidator, type FormData } from './validation.ts';
import type { AdminEntity, EntityPageExtension, EntityRow, RecordPanelProps } from './types.ts';

const FIRST_EDITABLE = 'input:not([readonly]):not([disabled]):not([type=hidden]), textarea:not([readonly]):not([disabled]), button[role=combobox]:not([disabled]), button[role=switch]:not([disabled])';

interface Props {
  entity: AdminEntity;
  /** Open with a row to edit it, with `{}` (no id) to create one; null when closed. */
  row: EntityRow | null;
  locale: string;
  onClose: () => void;
  canDelete: boolean;
  onDelete: (row: EntityRow) => void;
  /** A feature's section under the form of an existing row (EntityPageExtension.RecordPanel). */
  RecordPanel?: ComponentType<RecordPanelProps>;
  useReadOnly?: EntityPageExtension['useReadOnly'];
}

const editable = (): undefined => undefined;

export function EntityDialog({ entity, row, locale, onClose, canDelete, onDelete, RecordPanel, useReadOnly }: Props) {
  return (
    <Dialog open={row !== null} onOpenChange={(open) => !open && onClose()}>
      {row !== null && <EntityDialogBody key={String(row.id ?? 'new')} entity={entity} row={row} locale={locale} onClose={onClose} canDelete={canDelete} onDelete={onDelete} RecordPanel={RecordPanel} useReadOnly={useReadOnly} />}
    </Dialog>
  );
}

function EntityDialogBody({ entity, row, locale, onClose, canDelete, onDelete, RecordPanel, useReadOnly = editable }: Props & { row: EntityRow }) {
  const queryClient = useQueryClient();
  const online = useOnline();
  const formId = useId();
  const id = isUpdate(row.id) ? row.id : undefined;
  const mode = id !== undefined ? 'update' : 'create';
  // The same hook on every render of this dialog: the extension is fixed for the entity's screen.
  const readOnlyNote = useReadOnly(row);
  const readOnly = mode === 'update' && readOnlyNote !== undefined;

  const schema = useMemo(() => formSchemaFor(entity, mode), [entity, mode]);
  const uiSchema = useMemo(() => formUiSchemaFor(entity, mode), [entity, mode]);
  const formFields = useMemo(() => Object.keys(propertiesOf(schema)), [schema]);

  const [formData, setFormData] = useState<FormData>(() => formDataOf(entity, row));
  // What the form held when opened (with the schema's defaults, as the form fills them in): typed
  // values differ from it.
  const withDefaults = (data: FormData) => (getDefaultFormState<FormData>(entityFormValidator, schema, data, schema) ?? data) as FormData;
  const [opened, setOpened] = useState<FormData>(() => withDefaults(formDataOf(entity, row)));
  // The form's data as of the last change, read when Escape is pressed (the render may not have caught up).
  const latest = useRef(formData);
  const changeData = (data: FormData) => {
    latest.current = data;
    setFormData(data);
  };
  const [rowVersion, setRowVersion] = useState(row.rowVersion);
  const [lookups, setLookups] = useState(row.lookups);
  const [lookupKeys, setLookupKeys] = useState(row.lookupKeys);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, ServerFieldError>>({});
  const [banner, setBanner] = useState<string>();
  const [current, setCurrent] = useState<EntityRow>();

  const formContext = useMemo<EntityFormContext>(() => ({ entity, mode, locale, lookups, lookupKeys, values: formData }), [entity, mode, locale, lookups, lookupKeys, formData]);
  const extraErrors = useMemo(
    () => Object.fromEntries(Object.entries(serverErrors).map(([field, e]) => [field, { __errors: [e.message] }])) as ErrorSchema<FormData>,
    [serverErrors],
  );
  const labelOfField = (field: string) => t(String((propertiesOf(schema)[field] as RJSFSchema | undefined)?.title ?? field));

  // One Idempotency-Key per submission of an idempotent entity's create (a payment, a booking…).
  const keyFor = useSubmissionKey();
  const save = useMutation({
    // The dialog shows every failure itself (the offline refusal too): no toast.
    meta: { silent: true },
    mutationFn: ({ data, version }: { data: FormData; version: number | undefined }) =>
      saveRow(entity, mode, toPayload(entity, data, id, version), keyFor),
    onSuccess: async () => {
      keyFor.done();
      notify({ severity: 'success', summary: t(mode === 'update' ? 'message.updated' : 'message.created') });
      onClose();
      await invalidatePaths(queryClient, entityPath(entity));
    },
    onError: (err) => {
      if (isStaleConflict(err)) {
        setCurrent((errorBody(err)?.current as EntityRow | undefined) ?? {});
        setBanner(undefined);
        return;
      }
      const { fields, rest } = serverFieldErrors(err, entity, formFields, labelOfField);
      setServerErrors(fields);
      setBanner([errorMessage(err), ...rest].join(' '));
      const first = Object.keys(fields)[0];
      if (first) requestAnimationFrame(() => document.getElementById(`${formId}_${first}`)?.focus());
    },
  });

  const submit = (data: FormData, version = rowVersion) => {
    setBanner(undefined);
    setCurrent(undefined);
    save.mutate({ data, version });
  };

  const onChange = (e: IChangeEvent<FormData, RJSFSchema, EntityFormContext>) => {
    const next = e.formData ?? {};
    // A server message goes away once its field is edited.
    setServerErrors((errors) => {
      const changed = Object.keys(errors).filter((k) => next[k] !== formData[k]);
      if (!changed.length) return errors;
      const groups = new Set(changed.map((k) => errors[k].group).filter(Boolean));
      return Object.fromEntries(Object.entries(errors).filter(([k, e]) => !changed.includes(k) && !(e.group && groups.has(e.group))));
    });
    changeData(next);
  };

  const loadCurrent = () => {
    if (!current) return;
    changeData(formDataOf(entity, current));
    setOpened(withDefaults(formDataOf(entity, current)));
    setRowVersion(current.rowVersion);
    setLookups(current.lookups);
    setLookupKeys(current.lookupKeys);
    setServerErrors({});
    setCurrent(undefined);
  };

  const overwrite = () => {
    if (!current) return;
    setRowVersion(current.rowVersion);
    submit(formData, current.rowVersion);
  };

  const guard = useDiscardGuard(() => !readOnly && !sameFormData(latest.current, opened), onClose);

  const title =
    mode === 'update'
      ? t('admin.editTitle', { entity: t(entity.label), name: displayOf(entity, row) })
      : t('admin.createTitle', { entity: t(entity.label) });

  return (
    <DialogContent
      size="lg"
      aria-describedby={`${formId}-description`}
      onInteractOutside={(e) => save.isPending && e.preventDefault()}
      onEscapeKeyDown={guard.onEscapeKeyDown}
      onPointerDownOutside={guard.onPointerDownOutside}
      onOpenAutoFocus={(e) => {
        // The first field that can be edited (not a read-only one such as a generated number).
        const first = document.getElementById(formId)?.querySelector<HTMLElement>(FIRST_EDITABLE);
        if (first) {
          e.preventDefault();
          first.focus();
        }
      }}
    >
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription id={`${formId}-description`}>{t('admin.requiredHint')}</DialogDescription>
      </DialogHeader>

      {!online && (
        <Alert variant="warn">
          <WifiOff aria-hidden="true" />
          <AlertDescription>{t('message.offline')}</AlertDescription>
        </Alert>
      )}

      {current && (
        <Alert variant="warn">
          <AlertTriangle aria-hidden="true" />
          <AlertTitle className="line-clamp-none">{t('error.conflict.stale')}</AlertTitle>
          <AlertDescription>
            <p>{t('admin.staleHelp')}</p>
            <div className="mt-2 flex flex-wrap gap-2">
              <Button size="sm" variant="outline" onClick={loadCurrent} disabled={save.isPending}>
                {t('action.loadCurrent')}
              </Button>
              <Button size="sm" onClick={overwrite} disabled={save.isPending || !online}>
                {t('action.overwrite')}
              </Button>
            </div>
          </AlertDescription>
        </Alert>
      )}

      {readOnly && (
        <Alert variant="info" data-testid="entity-dialog-read-only">
          <Lock aria-hidden="true" />
          <AlertDescription>{readOnlyNote}</AlertDescription>
        </Alert>
      )}

      {banner && (
        <Alert variant="destructive">
          <AlertCircle aria-hidden="true" />
          <AlertDescription>{banner}</AlertDescription>
        </Alert>
      )}

      <EntityForm
        id={formId}
        idPrefix={formId}
        schema={schema}
        uiSchema={uiSchema}
        formData={formData}
        formContext={formContext}
        validator={entityFormValidator}
        extraErrors={extraErrors}
        liveValidate={submitted ? 'onChange' : false}
        showErrorList={false}
        noHtml5Validate
        focusOnFirstError
        disabled={save.isPending || readOnly}
        onChange={onChange}
        onError={() => setSubmitted(true)}
        onSubmit={(e) => {
          if (readOnly) return;
          setSubmitted(true);
          const data = e.formData ?? {};
          changeData(data);
          submit(data);
        }}
      >
        {/* The buttons are in the dialog's footer. */}
        <></>
      </EntityForm>

      {RecordPanel && id !== undefined && (
        <Suspense fallback={null}>
          <RecordPanel plural={entity.plural} id={id} version={rowVersion} />
        </Suspense>
      )}

      {guard.confirm}

      <DialogFooter className="sm:justify-between">
        <div>
          {mode === 'update' && canDelete && !readOnly && (
            <Button variant="ghost" className="text-tag-danger-foreground hover:bg-tag-danger hover:text-tag-danger-foreground" onClick={() => onDelete(row)} disabled={save.isPending}>
              <Trash2 aria-hidden="true" />
              {t('action.delete')}
            </Button>
          )}
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button variant="outline" onClick={onClose}>
            {t(readOnly ? 'action.close' : 'action.cancel')}
          </Button>
          {!readOnly && (
            <Button type="submit" form={formId} disabled={save.isPending || !online} aria-busy={save.isPending}>
              {save.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
              {t('action.save')}
            </Button>
          )}
        </div>
      </DialogFooter>
    </DialogContent>
  );
}

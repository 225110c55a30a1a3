// How one value looks in a table cell: enum values as coloured tags, booleans as a check mark,
// colours as a swatch, numbers and money right-aligned by the column; the rest as text.
import { Check, Minus } from 'lucide-react';
import { Badge, type BadgeVariant } from '@/components/ui/badge.tsx';
import { telHref } from '@/lib/format.ts';
import { booleanText, formatValue } from './value-format.ts';
import type { AdminEntity, AdminField, EntityRow } from './types.ts';

export const isNumericField = (field: AdminField): boolean =>
  !field.lookup && !field.enum && ['integer', 'number', 'money', 'decimal'].includes(field.kind);

export function CellValue({ entity, field, row, locale }: { entity: AdminEntity; field: AdminField; row: EntityRow; locale: string }) {
  const value = row[field.name];
  if (field.enum && !field.lookup) {
    if (value === null || value === undefined) return null;
    const variant: BadgeVariant = field.enumColors?.[String(value)] ?? 'secondary';
    return <Badge variant={variant}>{formatValue(entity, field, row, locale)}</Badge>;
  }
  if (field.kind === 'boolean') {
    if (value === null || value === undefined) return null;
    return value === true ? (
      <span className="inline-flex items-center text-tag-success-foreground" title={booleanText(true)}>
        <Check className="size-4" strokeWidth={3} aria-hidden="true" />
        <span className="sr-only">{booleanText(true)}</span>
      </span>
    ) : (
      <span className="inline-flex items-center text-muted-foreground" title={booleanText(false)}>
        <Minus className="size-4" aria-hidden="true" />
        <span className="sr-only">{booleanText(false)}</span>
      </span>
    );
  }
  const text = formatValue(entity, field, row, locale);
  if (field.format === 'color' && typeof value === 'string' && value) {
    return (
      <span className="inline-flex items-center gap-2">
        <span aria-hidden="true" className="inline-block size-4 rounded-sm border border-border" style={{ backgroundColor: value }} />
        <span className="font-mono text-xs">{text}</span>
      </span>
    );
  }
  if (!text) return null;
  if (field.format === 'phone' && typeof value === 'string') {
    // A number to call: read out as staff say it, one tap away on a phone.
    return (
      <a href={telHref(value)} className="whitespace-nowrap text-primary-text underline-offset-4 hover:underline">
        {text}
      </a>
    );
  }
  return (
    <span className="block max-w-[28rem] truncate" title={text.length > 40 ? text : undefined}>
      {text}
    </span>
  );
}

// The one money input (issue 17, point 2): takes an amount as people type it in the language
// (read by `parseMoney`) and shows it in the language's format once the field is left
// (`5000` → `5.000,00` in Turkish, `5,000.00` in English). The text stays the caller's state.
import type { ComponentProps } from 'react';
import { Input } from '@/components/ui/input.tsx';
import { moneyEditText, parseMoney } from '@/lib/format.ts';
import { cn } from '@/lib/utils.ts';

type Props = Omit<ComponentProps<typeof Input>, 'value' | 'onChange'> & {
  value: string;
  onValueChange: (text: string) => void;
  lang: string;
};

export function MoneyInput({ value, onValueChange, lang, onBlur, className, ...rest }: Props) {
  return (
    <Input
      {...rest}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      value={value}
      className={cn('text-right tabular-nums', className)}
      onChange={(e) => onValueChange(e.target.value)}
      onBlur={(e) => {
        const amount = parseMoney(value, lang);
        if (amount !== undefined) onValueChange(moneyEditText(amount, lang));
        onBlur?.(e);
      }}
    />
  );
}

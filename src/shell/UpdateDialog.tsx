// The question asked when a new version waits (loaded only then: most page loads never need it).
import { useLingui } from '@lingui/react';
import { t } from '@/lib/i18n.ts';
import {
  AlertDialog, AlertDialogAction, AlertDialogCancel, AlertDialogContent, AlertDialogDescription, AlertDialogFooter, AlertDialogHeader, AlertDialogTitle,
} from '@/components/ui/alert-dialog.tsx';

export function UpdateDialog({ onAnswer }: { onAnswer: (reload: boolean) => void }) {
  useLingui();
  return (
    <AlertDialog open onOpenChange={(open) => !open && onAnswer(false)}>
      <AlertDialogContent data-testid="update-prompt">
        <AlertDialogHeader>
          <AlertDialogTitle>{t('app.title')}</AlertDialogTitle>
          <AlertDialogDescription>{t('app.updateAvailable')}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel onClick={() => onAnswer(false)}>{t('action.no')}</AlertDialogCancel>
          <AlertDialogAction onClick={() => onAnswer(true)}>{t('action.yes')}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

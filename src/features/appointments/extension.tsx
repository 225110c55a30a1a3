// What the appointments feature adds to the generic `/Appointments` screen: "Randevu oluştur"
// (the generate dialog) and a link to the day view of the slots.
import { Link } from 'react-router-dom';
import { CalendarDays } from 'lucide-react';
import type { EntityPageExtension } from '@/admin/index.ts';
import { Button } from '@/components/ui/button.tsx';
import { t } from '@/lib/i18n.ts';
import { GenerateButton } from './GenerateDialog.tsx';

function AppointmentsTools() {
  return (
    <>
      <GenerateButton />
      <Button variant="outline" asChild>
        <Link to="/Appointments/day">
          <CalendarDays aria-hidden="true" />
          {t('appointments.day.open')}
        </Link>
      </Button>
    </>
  );
}

export const appointmentsExtension: EntityPageExtension = { Toolbar: AppointmentsTools };

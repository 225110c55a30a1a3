// The orders screen's "Yeni satış" button: the sale form at /Sales/new (shown to users who may
// create orders).
import { Link } from 'react-router-dom';
import { ShoppingCart } from 'lucide-react';
import type { EntityPageExtension } from '@/admin/index.ts';
import { Button } from '@/components/ui/button.tsx';
import { t } from '@/lib/i18n.ts';
import { useSession } from '@/lib/session.ts';

function NewSaleButton() {
  const { hasClaim } = useSession();
  if (!hasClaim('VictimOrders.Create')) return null;
  return (
    <Button asChild>
      <Link to="/Sales/new" data-testid="new-sale">
        <ShoppingCart aria-hidden />
        {t('sales.new')}
      </Link>
    </Button>
  );
}

export const salesExtension: EntityPageExtension = { Toolbar: NewSaleButton };

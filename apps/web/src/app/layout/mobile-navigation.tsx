import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent, DialogTitle } from '@/components/ui/dialog';
import { Sidebar } from './sidebar';

/** The sidebar as a drawer on small screens (its dialog code loads when first opened). */
export function MobileNavigation({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('shell');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="top-0 left-0 h-full max-h-none w-72 max-w-[85vw] translate-x-0 translate-y-0 rounded-none p-0">
        <DialogTitle className="sr-only">{t('navigation.label')}</DialogTitle>
        <Sidebar onNavigate={() => onOpenChange(false)} isDrawer />
      </DialogContent>
    </Dialog>
  );
}

import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { APPLICATION_TYPES } from '../../navigation';

/** Sidebar → Create: 'Select Application type to apply:' (spec section 2). */
export function CreateApplicationDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title={t('createApplication.title')}
      className="w-[min(32rem,calc(100vw-2rem))]"
    >
      <div className="mt-6 flex flex-col gap-3">
        {APPLICATION_TYPES.map((type) => (
          <button
            key={type.to}
            type="button"
            className={buttonClasses('primary')}
            onClick={() => {
              onClose();
              void navigate(type.to);
            }}
          >
            {t(type.labelKey)}
          </button>
        ))}
        <button type="button" className={buttonClasses('secondary')} onClick={onClose}>
          {t('createApplication.cancel')}
        </button>
      </div>
    </ModalDialog>
  );
}

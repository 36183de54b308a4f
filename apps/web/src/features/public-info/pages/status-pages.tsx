import { useTranslation } from 'react-i18next';
import { StatusPage, type StatusLayout } from './status-page';

function ComingSoonPage({ layout }: { layout: StatusLayout }) {
  const { t } = useTranslation();
  return (
    <StatusPage
      layout={layout}
      title={t('publicInfo.comingSoon.title')}
      heading={t('publicInfo.comingSoon.heading')}
      body={t('publicInfo.comingSoon.body')}
    />
  );
}

/** /pages/coming-soon-boxed and -cover: a service that has not launched yet. */
export const ComingSoonBoxedPage = () => <ComingSoonPage layout="boxed" />;
export const ComingSoonCoverPage = () => <ComingSoonPage layout="cover" />;

/** /pages/maintenence (the template's spelling): scheduled maintenance. */
export function MaintenancePage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      layout="cover"
      title={t('publicInfo.maintenance.title')}
      heading={t('publicInfo.maintenance.heading')}
      body={t('publicInfo.maintenance.body')}
    >
      <p>{t('publicInfo.maintenance.safe')}</p>
    </StatusPage>
  );
}

type ErrorCode = '404' | '500' | '503';

function ErrorPage({ code }: { code: ErrorCode }) {
  const { t } = useTranslation();
  return (
    <StatusPage
      eyebrow={t('publicInfo.errors.code', { code })}
      title={t(`publicInfo.errors.${code}.title`)}
      heading={t(`publicInfo.errors.${code}.title`)}
      body={t(`publicInfo.errors.${code}.body`)}
    />
  );
}

/** /pages/error404, error500, error503: friendly error pages. */
export const Error404Page = () => <ErrorPage code="404" />;
export const Error500Page = () => <ErrorPage code="500" />;
export const Error503Page = () => <ErrorPage code="503" />;

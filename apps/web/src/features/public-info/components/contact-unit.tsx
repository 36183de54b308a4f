import type { ContactUnit } from '@ccap/contracts';
import { useTranslation } from 'react-i18next';
import { Localized } from '@/lib/localized-text';
import { PhoneLink } from './phone-link';

/** A unit's phone, fax and hours as a description list under its name. */
export function ContactUnitDetails({ unit, headingLevel = 2 }: { unit: ContactUnit; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = `contact-unit-${unit.id}`;
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <Localized as={Heading} id={headingId} className="text-xl font-semibold" text={unit.name} />
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
        <dt className="font-semibold">{t('publicInfo.common.phone')}</dt>
        <dd>
          <PhoneLink phone={unit.phone} />
        </dd>
        {unit.fax ? (
          <>
            <dt className="font-semibold">{t('publicInfo.common.fax')}</dt>
            <dd>
              <PhoneLink phone={unit.fax} />
            </dd>
          </>
        ) : null}
        {unit.email ? (
          <>
            <dt className="font-semibold">{t('publicInfo.common.email')}</dt>
            <dd>
              <a
                href={`mailto:${unit.email}`}
                className="font-semibold break-all text-blue-800 underline hover:no-underline dark:text-blue-300"
              >
                {unit.email}
              </a>
            </dd>
          </>
        ) : null}
        {unit.hours ? (
          <>
            <dt className="font-semibold">{t('publicInfo.common.hours')}</dt>
            <Localized as="dd" text={unit.hours} />
          </>
        ) : null}
      </dl>
    </section>
  );
}

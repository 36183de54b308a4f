import { Trans } from 'react-i18next';
import { useProgramProfile } from '@/lib/program-profile';
import { PhoneLink } from './phone-link';

/** "Need help? Call (515) 555-0100." with the program's phone number, once it is known. */
export function HelpLine({ i18nKey = 'publicInfo.common.needHelp' }: { i18nKey?: string }) {
  const profile = useProgramProfile();
  if (!profile.data) return null;
  return (
    <p>
      <Trans
        i18nKey={i18nKey}
        values={{ phone: profile.data.phone }}
        components={{ phoneLink: <PhoneLink phone={profile.data.phone} /> }}
      />
    </p>
  );
}

import type { CredentialState } from '@ccap/contracts';
import { textIn } from '@ccap/contracts/text-in';
import { useTranslation } from 'react-i18next';
import { useProgramProfile } from '@/lib/program-profile';

/** A credential's name in the reader's language: the profile's name of a training, else its kind and whose it is. */
export function useCredentialName() {
  const { t, i18n } = useTranslation();
  const trainings = useProgramProfile().data?.credentials?.trainings ?? [];
  return (state: CredentialState): string => {
    const training = state.kind === 'training' ? trainings.find((rule) => rule.code === state.code) : undefined;
    if (training) return textIn(training.name, i18n.language).text;
    return t(`credentials.kinds.${state.kind}`, { person: state.person ?? '' });
  };
}

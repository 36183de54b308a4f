import { telHref } from '@/lib/intl-format';

/** A phone or fax number that dials on a phone; the number itself is the link text. */
export function PhoneLink({ phone, className = '' }: { phone: string; className?: string }) {
  return (
    <a
      href={telHref(phone)}
      className={`font-semibold whitespace-nowrap text-blue-800 underline hover:no-underline dark:text-blue-300 ${className}`}
    >
      {phone}
    </a>
  );
}

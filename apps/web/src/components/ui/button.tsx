import type { ButtonHTMLAttributes } from 'react';

const VARIANTS = {
  primary:
    'bg-blue-700 text-white hover:bg-blue-800 disabled:bg-slate-400 dark:bg-blue-500 dark:text-slate-950 dark:hover:bg-blue-400',
  secondary:
    'border border-slate-400 bg-white text-slate-900 hover:bg-slate-100 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800',
} as const;

/** Classes for a link that looks like a button (a navigation, not an action). */
export const buttonClasses = (variant: keyof typeof VARIANTS = 'primary') =>
  `inline-flex min-h-11 items-center justify-center gap-2 rounded-md px-4 py-2 font-semibold no-underline disabled:cursor-not-allowed ${VARIANTS[variant]}`;

export const linkClasses = 'font-semibold text-blue-800 underline hover:no-underline dark:text-blue-300';

export function Button({
  variant = 'primary',
  className = '',
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: keyof typeof VARIANTS }) {
  return <button type={type} className={`${buttonClasses(variant)} ${className}`} {...props} />;
}

import { Fragment } from 'react';

const URL_PATTERN = /(https?:\/\/[^\s<>"']+)/g;

/**
 * Plain text with its web addresses as links. The text is never parsed as HTML: it is split
 * around the addresses and every piece is a React text node or an <a>.
 */
export function Linkify({ text, className }: { text: string; className?: string }) {
  return (
    <>
      {text.split(URL_PATTERN).map((part, index) => {
        if (index % 2 === 0) return <Fragment key={index}>{part}</Fragment>;
        // A sentence's full stop or closing bracket after an address is not part of it.
        const url = part.replace(/[.,;:!?)\]]+$/, '');
        return (
          <Fragment key={index}>
            <a href={url} className={className}>
              {url}
            </a>
            {part.slice(url.length)}
          </Fragment>
        );
      })}
    </>
  );
}

import { useEffect, useState } from 'react';

/**
 * A QR code of `text` as an SVG image. The `qrcode` library loads only when a QR code is shown
 * (setting up an authenticator), never with the portal's first load.
 */
export function QrCode({ text, label }: { text: string; label: string }) {
  const [svg, setSvg] = useState<string>();
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then(({ toString }) => toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }))
      .then((markup) => live && setSvg(markup))
      .catch((error: unknown) => console.error(error));
    return () => {
      live = false;
    };
  }, [text]);
  if (!svg) return <div className="size-48 animate-pulse rounded-md bg-slate-200 dark:bg-slate-700" aria-hidden />;
  // Always dark on white, whatever the theme: scanners read the code's contrast as printed.
  return (
    <img
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt={label}
      width={192}
      height={192}
      className="size-48 rounded-md bg-white"
    />
  );
}

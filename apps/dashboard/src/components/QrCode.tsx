import { toString as qrSvg } from 'qrcode';
import { useEffect, useState } from 'react';

/** A QR code of `value` drawn by the `qrcode` package as SVG markup of its own (no user text in it but the encoded modules). */
export function QrCode({ value, label }: { value: string; label: string }) {
  const [svg, setSvg] = useState<string>();
  useEffect(() => {
    let live = true;
    void qrSvg(value, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then((s) => live && setSvg(s));
    return () => {
      live = false;
    };
  }, [value]);
  if (!svg) return null;
  const src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  return <img className="qr" src={src} alt={label} width={160} height={160} />;
}

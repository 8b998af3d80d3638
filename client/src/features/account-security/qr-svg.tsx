import { useMemo } from 'react';
import { qrMatrix } from './qr-code';

/** A QR code as one SVG path, dark on white whatever the theme (scanners need the contrast), with its quiet zone. */
export function QrSvg({ text, label, className }: { text: string; label: string; className?: string }) {
  const { path, size } = useMemo(() => {
    const m = qrMatrix(text);
    const quiet = 4;
    let d = '';
    m.forEach((row, y) => row.forEach((dark, x) => dark && (d += `M${x + quiet} ${y + quiet}h1v1h-1z`)));
    return { path: d, size: m.length + quiet * 2 };
  }, [text]);
  return (
    <svg viewBox={`0 0 ${size} ${size}`} role="img" aria-label={label} className={className} shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

import type { CSSProperties } from 'react';
import { useQuery } from '@tanstack/react-query';
import { LANDING_FILES } from '@contract/limits';
import { endpointQuery } from '@/lib/call';
import { mediaUrl } from '@contract/card-picture';
import './floating-pictures.css';

// Fixed cycles. Their lengths are co-prime so neighbours rarely repeat a combination.
const LEFT_PERCENT = [5, 15, 25, 35, 45, 55, 65, 75, 85, 95];
const SIZE_PX = [60, 90, 120, 75, 105, 68, 112];
const ROTATE_DEG = [-10, 6, -3, 10, -7, 2, -5, 8, 0];
const DURATION_S = [8, 14, 10, 20, 12, 18, 16];
// Resting heights (as a share of the viewport) for when motion is reduced.
const REST_VH = [-22, -64, -40, -82, -30, -56, -74, -46, -90, -36, -68];

function floatStyle(index: number): CSSProperties {
  const size = SIZE_PX[index % SIZE_PX.length];
  const duration = DURATION_S[index % DURATION_S.length];
  // A negative delay starts each picture part-way through its climb so the screen is never empty.
  const delay = -((index * 2.7) % duration);
  return {
    left: `calc(${LEFT_PERCENT[index % LEFT_PERCENT.length]}% - ${size / 2}px)`,
    width: size,
    height: size,
    '--float-rotate': `${ROTATE_DEG[index % ROTATE_DEG.length]}deg`,
    '--float-duration': `${duration}s`,
    '--float-delay': `${delay.toFixed(2)}s`,
    '--float-opacity': size >= 100 ? '0.95' : '0.8',
    '--float-rest': `${REST_VH[index % REST_VH.length]}vh`,
  } as CSSProperties;
}

/** Shared images drifting upward behind the landing content; purely decorative. */
export function FloatingPictures() {
  const { data } = useQuery(endpointQuery('listRandomFiles', { query: { limit: LANDING_FILES } }));
  const pictures = (Array.isArray(data) ? data : [])
    .filter((file) => typeof file.fileType === 'string' && file.fileType.startsWith('image/'))
    .slice(0, LANDING_FILES);

  if (pictures.length === 0) return null;

  return (
    <div aria-hidden="true" className="kaleido-float-layer pointer-events-none absolute inset-0 overflow-hidden">
      {pictures.map((file, index) => (
        <img
          key={file.id}
          src={mediaUrl(file.filePath)}
          alt=""
          loading="eager"
          decoding="async"
          draggable={false}
          className="kaleido-float rounded-2xl object-cover shadow-lg ring-1 ring-black/5 dark:ring-white/10"
          style={floatStyle(index)}
        />
      ))}
    </div>
  );
}

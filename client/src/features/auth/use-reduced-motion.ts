import { useMotionReduced } from '@/features/settings/motion';

/** True when the operating system asks for less motion or the member chose 'Reduce motion' in settings. */
export function useReducedMotion(): boolean {
  return useMotionReduced();
}

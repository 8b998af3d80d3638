import { DEFAULT_MEDIA_TIMEOUT_MS } from './ffmpeg';
import { probeMedia, type MediaProbe } from './ffprobe';

export interface AudioInfo {
  durationSeconds: number | null;
  probe: MediaProbe;
}

export async function processAudio(inputPath: string, mime?: string, timeoutMs = DEFAULT_MEDIA_TIMEOUT_MS): Promise<AudioInfo> {
  const probe = await probeMedia(inputPath, mime, timeoutMs);
  return { durationSeconds: probe.durationSeconds, probe };
}

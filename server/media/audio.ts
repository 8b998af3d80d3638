import { probeMedia } from './ffmpeg';

export interface AudioInfo {
  durationSeconds: number | null;
}

export async function processAudio(inputPath: string, mime?: string): Promise<AudioInfo> {
  const probe = await probeMedia(inputPath, mime);
  return { durationSeconds: probe.durationSeconds };
}

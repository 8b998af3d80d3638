import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { createLimiter } from './concurrency';
import { MediaTimeoutError } from './media-errors';

export interface ProcessResult {
  code: number | null;
  stdout: Buffer;
  stderr: string;
}

export interface ProcessLimits {
  /** Killed (SIGKILL) after this long; the call then rejects with MediaTimeoutError. */
  timeoutMs: number;
  /** A hostile file can make a tool print without end; past this the process is killed. */
  maxStdoutBytes?: number;
}

/** Raised for a tool that cannot be started or printed more than its limit. */
export class MediaToolError extends Error {
  readonly stderr: string;
  constructor(message: string, stderr = '', options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MediaToolError';
    this.stderr = stderr;
  }
}

const STDERR_KEEP = 64 * 1024;
const DEFAULT_MAX_STDOUT = 32 * 1024 * 1024;
// ffmpeg decodes with several threads already; one process per core is plenty.
const limit = createLimiter(availableParallelism());

/**
 * Runs a media tool on untrusted input with a time limit. Resolves whatever the exit code
 * (callers decide what a failure means); rejects on timeout only once the process has exited,
 * so a caller's clean-up never races a tool still writing into its temp folder.
 */
export function runMediaProcess(command: string, args: string[], limits: ProcessLimits): Promise<ProcessResult> {
  return limit(() => spawnWithLimits(command, args, limits));
}

function spawnWithLimits(command: string, args: string[], limits: ProcessLimits): Promise<ProcessResult> {
  const maxStdout = limits.maxStdoutBytes ?? DEFAULT_MAX_STDOUT;
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    let stdoutBytes = 0;
    let stderr = '';
    let killedFor: 'timeout' | 'output' | null = null;
    const kill = (reason: 'timeout' | 'output') => {
      if (killedFor) return;
      killedFor = reason;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => kill('timeout'), limits.timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      stdoutBytes += chunk.length;
      if (stdoutBytes > maxStdout) kill('output');
      else stdout.push(chunk);
    });
    // Only the tail matters (the summary and the last progress line); keep memory bounded.
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_KEEP);
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new MediaToolError(`${command} could not be started: ${error.message}`, stderr, { cause: error }));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (killedFor === 'timeout') reject(new MediaTimeoutError(command, limits.timeoutMs));
      else if (killedFor === 'output') reject(new MediaToolError(`${command} printed more than ${maxStdout} bytes`, stderr));
      else resolve({ code, stdout: Buffer.concat(stdout), stderr });
    });
  });
}

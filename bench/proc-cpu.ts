import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

// CPU time and memory of other processes (the app, the bare server, PostgreSQL's backends),
// read from Linux's /proc: user + system time of the whole process (all its threads).

let ticksPerSecond: number | null = null;
function clockTicks(): number {
  if (ticksPerSecond === null) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/**
 * utime + stime (fields 14 and 15) of a /proc/<pid>/stat line, in clock ticks. The command
 * name (field 2) may hold spaces and parentheses, so fields are counted after its last ')'.
 */
export function parseStatTicks(line: string): number {
  const fields = line.slice(line.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3 (state): utime is field 14, stime field 15.
  return Number(fields[11]) + Number(fields[12]);
}

/** CPU milliseconds used so far by each pid still alive (a pid that is gone is left out). */
export function cpuMs(pids: readonly number[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const pid of pids) {
    try {
      out.set(pid, (parseStatTicks(fs.readFileSync(`/proc/${pid}/stat`, 'utf8')) * 1000) / clockTicks());
    } catch {
      // The process ended (a pool connection closed): its time is lost to this reading.
    }
  }
  return out;
}

/** CPU used between two readings; a pid seen only in the second started meanwhile and counts in full. */
export function cpuDelta(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

/** Resident memory of a process in MB (VmRSS of /proc/<pid>/status). */
export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? NaN);
  return Math.round(kb / 1024);
}

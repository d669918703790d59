/**
 * CPU time, as a second opinion beside wall-clock medians: on a machine shared with other work,
 * wall time stretches with the load while CPU time per render stays close to the true cost.
 * Chromium runs in child processes, so its CPU is read from /proc for our whole process tree.
 */
import { readdirSync, readFileSync } from 'node:fs';

const CLOCK_TICKS_PER_SECOND = 100; // USER_HZ on Linux

interface ProcStat {
  ppid: number;
  cpuMs: number;
}

function readStat(pid: number): ProcStat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may contain spaces and parentheses: fields start after the last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const ppid = Number(fields[1]);
    const ticks = Number(fields[11]) + Number(fields[12]); // utime + stime
    return { ppid, cpuMs: (ticks * 1000) / CLOCK_TICKS_PER_SECOND };
  } catch {
    return null; // the process ended while we looked
  }
}

/** CPU milliseconds used so far by this process and every process below it. */
export function processTreeCpuMs(root = process.pid): number {
  const stats = new Map<number, ProcStat>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readStat(Number(name));
    if (stat) stats.set(Number(name), stat);
  }
  const inTree = (pid: number): boolean => {
    for (let p = pid, hops = 0; p > 1 && hops < 64; hops++) {
      if (p === root) return true;
      p = stats.get(p)?.ppid ?? 0;
    }
    return false;
  };
  let total = 0;
  for (const [pid, stat] of stats) if (inTree(pid)) total += stat.cpuMs;
  return total;
}

/** CPU milliseconds of this process alone (all its threads), finer-grained than /proc. */
export function ownCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

// The machine a run was measured on: numbers from different machines are not comparable.
import { readFileSync } from 'node:fs';
import os from 'node:os';

export interface MachineInfo {
  nproc: number;
  cpuModel: string;
  memoryGiB: number;
  node: string;
  platform: string;
  /** 1, 5 and 15 minute load averages when the run started and ended (the machine is shared). */
  loadAtStart: number[];
  loadAtEnd?: number[];
  date: string;
}

function cpuModel(): string {
  try {
    const line = readFileSync('/proc/cpuinfo', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('model name'));
    if (line) return line.split(':').slice(1).join(':').trim();
  } catch {
    // not Linux: fall back to what Node knows
  }
  return os.cpus()[0]?.model ?? 'unknown';
}

export function machineInfo(): MachineInfo {
  return {
    nproc: os.availableParallelism(),
    cpuModel: cpuModel(),
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    loadAtStart: os.loadavg().map((l) => Math.round(l * 100) / 100),
    date: new Date().toISOString(),
  };
}

export function loadNow(): number[] {
  return os.loadavg().map((l) => Math.round(l * 100) / 100);
}

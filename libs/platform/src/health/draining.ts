/** Set once the process received SIGTERM: readiness answers 503 from then on (see `listen`). */
let drainingSince: number | null = null;

export function markDraining(): void {
  drainingSince ??= Date.now();
}

export function isDraining(): boolean {
  return drainingSince !== null;
}

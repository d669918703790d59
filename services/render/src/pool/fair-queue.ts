/**
 * The render pool's waiting room: one FIFO lane per client (API key's account, signed-in user,
 * demo visitor's IP), served round-robin, so that a client who sends a hundred renders at once
 * delays its own renders, not everybody's.
 *
 * - Order within a lane is kept: a lane is only ever served from its head.
 * - Round-robin across lanes: the lane served goes to the back of the rotation; a lane whose head
 *   could not be taken (`canTake` said no: a heavy render while the heavy slots are full) keeps
 *   its place at the front, so it is served first once it can be. Between two renders of one
 *   waiting lane, every other lane gets at most one.
 * - Bounded: at most `maxSize` jobs in all and `maxPerLane` in one lane; `admits` says whether one
 *   more may wait, so that one client filling its lane does not fill the queue for the others.
 */
export interface LaneItem {
  lane: string;
}

export interface FairQueueLimits {
  maxSize: number;
  maxPerLane: number;
}

export class FairQueue<T extends LaneItem> {
  /** Insertion order is the rotation: the first lane is served next. Empty lanes are removed. */
  private readonly lanes = new Map<string, T[]>();
  private count = 0;

  constructor(private readonly limits: FairQueueLimits) {}

  get length(): number {
    return this.count;
  }

  /** Jobs waiting in one lane. */
  laneLength(lane: string): number {
    return this.lanes.get(lane)?.length ?? 0;
  }

  /** Whether one more job of `lane` may wait (`extra` counts jobs waiting elsewhere, e.g. sent ahead). */
  admits(lane: string, extra = { total: 0, lane: 0 }): boolean {
    return (
      this.count + extra.total < this.limits.maxSize && this.laneLength(lane) + extra.lane < this.limits.maxPerLane
    );
  }

  /** Adds a job at the back of its lane (a new lane joins the back of the rotation). */
  push(item: T): void {
    const lane = this.lanes.get(item.lane);
    if (lane) lane.push(item);
    else this.lanes.set(item.lane, [item]);
    this.count++;
  }

  /**
   * Puts back jobs that were taken but never started (their worker died), at the front of their
   * lanes in the order given, ahead of what arrived after them.
   */
  putBack(items: T[]): void {
    for (const item of [...items].reverse()) {
      const lane = this.lanes.get(item.lane);
      if (lane) lane.unshift(item);
      else this.lanes.set(item.lane, [item]);
      this.count++;
    }
  }

  /** Removes a job wherever it waits (its wait ran out); false when it is not here. */
  remove(item: T): boolean {
    const lane = this.lanes.get(item.lane);
    const at = lane ? lane.indexOf(item) : -1;
    if (!lane || at < 0) return false;
    lane.splice(at, 1);
    if (lane.length === 0) this.lanes.delete(item.lane);
    this.count--;
    return true;
  }

  /**
   * The head of the first lane in the rotation that `canTake` accepts, removed; that lane moves to
   * the back of the rotation. Undefined when no head is acceptable.
   */
  take(canTake: (item: T) => boolean = () => true): T | undefined {
    for (const [name, lane] of this.lanes) {
      const head = lane[0]!;
      if (!canTake(head)) continue;
      lane.shift();
      this.count--;
      this.lanes.delete(name);
      if (lane.length > 0) this.lanes.set(name, lane);
      return head;
    }
    return undefined;
  }

  /** Empties the queue, returning every job (for refusing them all). */
  drain(): T[] {
    const all = [...this.lanes.values()].flat();
    this.lanes.clear();
    this.count = 0;
    return all;
  }
}

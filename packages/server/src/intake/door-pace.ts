/**
 * The SMTP door's pace, counted from the records of each spool group: e-mails a second over the
 * last whole second (or the second under way, when it already holds more). Pure: the caller
 * gives the time.
 */
export class DoorPace {
  private second: { at: number; records: number };
  private last = 0;

  constructor(now: number) {
    this.second = { at: now, records: 0 };
  }

  /** `records` more e-mails were answered 250 at `now`. */
  count(records: number, now: number): void {
    if (now - this.second.at >= 1000) {
      // A gap of quiet seconds spreads the last count over them.
      this.last = (this.second.records * 1000) / (now - this.second.at);
      this.second = { at: now, records: 0 };
    }
    this.second.records += records;
  }

  /** E-mails a second lately; 0 once the door has been quiet for two seconds. */
  perSecond(now: number): number {
    if (now - this.second.at >= 2000) return 0;
    return Math.max(this.last, this.second.records);
  }
}

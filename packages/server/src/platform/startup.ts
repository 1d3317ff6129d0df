/**
 * What the process is still doing after it started answering: loading the demo history in the
 * background. Read by the health routes, so the sign-in page can show the progress.
 */
export interface DemoLoading {
  loading: boolean;
  sent: number;
  total: number;
}

const demo: DemoLoading = { loading: false, sent: 0, total: 0 };

export function demoLoading(): Readonly<DemoLoading> {
  return demo;
}

export function setDemoLoading(next: Partial<DemoLoading>): void {
  Object.assign(demo, next);
}

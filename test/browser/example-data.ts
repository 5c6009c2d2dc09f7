import { reportFixture } from '../../src/report/__fixtures__/report-data.js';
import type { ReportData } from '../../src/report/types.js';

/** The data the browser tests open. */
export async function exampleReportData(): Promise<ReportData> {
  return reportFixture;
}

/**
 * @module run/calibration-stage — `--calibrate` within a run: the probe (run/calibration-probe) started
 * with the performance phase's first request, against the first endpoint with the run's first body and
 * headers, and its TTFTs stored in events.db when the phase ends (report/error-bound-of reads them).
 */
import { CALIBRATION_META_KEY } from "../report/error-bound-of.ts";
import { CalibrationProbe } from "./calibration-probe.ts";
import type { OpenRun } from "./open-run.ts";

/** The probe against the first endpoint with the run's first body and `headers` (the workers' own, API key included). */
export function startCalibration(run: OpenRun, headers: Record<string, string>): CalibrationProbe {
  return new CalibrationProbe({
    url: run.workload.endpointUrls[0] as string,
    headers,
    body: run.workload.bodies[0] as string,
    insecure: run.config.settings.client.insecure,
  });
}

export async function storeCalibration(
  run: OpenRun,
  probe: CalibrationProbe,
  log: (line: string) => void,
): Promise<void> {
  const result = await probe.stop(log);
  if (result) run.db.setMeta(CALIBRATION_META_KEY, JSON.stringify(result));
}

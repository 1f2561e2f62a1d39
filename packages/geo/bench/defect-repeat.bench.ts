/**
 * Repeated-defect grouping (packages/geo defect-repeat.ts) on an inspection's worth of located defects: CPU time of
 * `findRepeatedDefects` on 10,000 and 100,000 defects spread over a 200 m bridge, about a third of them marked again
 * on one to three other photos within a few centimetres. CPU time rather than wall time: the machine is shared.
 */
import { ecef, findRepeatedDefects, type RepeatCandidate } from '../src/index.js';

let seed = 12345;
const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;

function inspection(count: number): RepeatCandidate[] {
  const defects: RepeatCandidate[] = [];
  // A bridge 200 m long, 15 m wide and 30 m tall in ECEF around a point on the equator's meridian.
  const base = { x: 6_378_137, y: 0, z: 0 };
  while (defects.length < count) {
    const place = { x: base.x + random() * 30, y: base.y + random() * 200, z: base.z + random() * 15 };
    const views = random() < 0.33 ? 2 + Math.floor(random() * 3) : 1;
    const typeId = 1 + Math.floor(random() * 8);
    for (let view = 0; view < views && defects.length < count; view++) {
      defects.push({
        id: defects.length + 1,
        typeId,
        imageId: Math.floor(random() * 5000),
        position: ecef(place.x + random() * 0.03, place.y + random() * 0.03, place.z + random() * 0.03),
        cameraDistanceM: 5 + random() * 20,
        extentPx: 50 + random() * 500,
      });
    }
  }
  return defects;
}

function cpuMs(work: () => void): number {
  const start = process.cpuUsage();
  work();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

for (const count of [10_000, 100_000]) {
  const defects = inspection(count);
  for (const distanceM of [0.05, 0.5]) {
    findRepeatedDefects(defects, distanceM); // warm-up
    const runs: number[] = [];
    let groups = 0;
    for (let run = 0; run < 5; run++) {
      runs.push(cpuMs(() => (groups = findRepeatedDefects(defects, distanceM).length)));
    }
    runs.sort((a, b) => a - b);
    console.log(
      `${count.toLocaleString('en')} defects, threshold ${distanceM} m: ${groups.toLocaleString('en')} groups, ` +
        `CPU median ${runs[2]!.toFixed(1)} ms (min ${runs[0]!.toFixed(1)}, max ${runs[4]!.toFixed(1)})`,
    );
  }
}

/**
 * Historical defect matching (packages/geo defect-history.ts): CPU time of `matchDefectHistory` for 10,000 defects
 * of an inspection against 10,000 of its previous one, spread over a 200 m bridge of eight types and both shapes;
 * the later inspection's defects are the earlier ones moved by up to 0.2 m (with a third grown), less a tenth
 * repaired, plus a tenth new. CPU time rather than wall time: the machine is shared.
 */
import { ecef, matchDefectHistory, type HistoryCandidate } from '../src/index.js';

let seed = 4242;
const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
const TOLERANCE = { relative: 0.1, lengthM: 0.02, widthMm: 0.05, areaM2: 0.005 };
const base = { x: 6_378_137, y: 0, z: 0 };

function somewhere(id: number): HistoryCandidate {
  const typeId = 1 + Math.floor(random() * 8);
  const shape = typeId <= 3 ? 'line' : 'area';
  return {
    id,
    typeId,
    shape,
    position: ecef(base.x + random() * 30, base.y + random() * 200, base.z + random() * 15),
    lengthM: shape === 'line' ? 0.2 + random() * 2 : null,
    widthMm: shape === 'line' ? 0.1 + random() : null,
    areaM2: shape === 'area' ? 0.01 + random() : null,
  };
}

function inspections(count: number): { previous: HistoryCandidate[]; current: HistoryCandidate[] } {
  const previous = Array.from({ length: count }, (_, index) => somewhere(index + 1));
  const current: HistoryCandidate[] = [];
  for (const defect of previous) {
    if (current.length >= count) break;
    if (random() < 0.1) continue;
    const moved = ecef(
      defect.position!.x + (random() - 0.5) * 0.2,
      defect.position!.y + (random() - 0.5) * 0.2,
      defect.position!.z + (random() - 0.5) * 0.2,
    );
    const grow = random() < 0.33 ? 1.5 : 1;
    current.push({
      ...defect,
      id: count + current.length + 1,
      position: moved,
      lengthM: defect.lengthM === null ? null : defect.lengthM * grow,
      areaM2: defect.areaM2 === null ? null : defect.areaM2 * grow,
    });
  }
  while (current.length < count) current.push(somewhere(count + current.length + 1));
  return { previous, current };
}

function cpuMs(work: () => void): number {
  const start = process.cpuUsage();
  work();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

const count = 10_000;
const { previous, current } = inspections(count);
for (const distanceM of [0.3, 1]) {
  const options = { distanceM, tolerance: TOLERANCE };
  matchDefectHistory(current, previous, options); // warm-up
  const runs: number[] = [];
  let found = matchDefectHistory(current, previous, options);
  for (let run = 0; run < 5; run++) runs.push(cpuMs(() => (found = matchDefectHistory(current, previous, options))));
  runs.sort((a, b) => a - b);
  console.log(
    `${count.toLocaleString('en')} defects against ${count.toLocaleString('en')}, threshold ${distanceM} m: ` +
      `${found.pairs.length.toLocaleString('en')} pairs, ${found.added.length.toLocaleString('en')} new, ` +
      `${found.repaired.length.toLocaleString('en')} repaired; CPU median ${runs[2]!.toFixed(1)} ms ` +
      `(min ${runs[0]!.toFixed(1)}, max ${runs[4]!.toFixed(1)})`,
  );
}

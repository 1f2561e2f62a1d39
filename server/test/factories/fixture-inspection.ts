import {
  INSPECTION_IMAGE_UPLOAD_PATH,
  type Defect,
  type HistoryRelation,
  type HistoryTotal,
  type InspectionImage,
  type Page,
} from '@sightline/shared';
import { missingFixtureMessage, readFixture } from '@sightline/imagery/test-fixtures';
import { pollUntil } from '../events.js';
import type { TestServer } from '../harness.js';
import { addKeyDefect } from './inspection-report.js';
import { buildInspection } from './inspection.js';
import { tusClient } from './project-model.js';
import { builtInDefectTypeId } from './project.js';
import { insertMarkers, okData } from './spatial-marker.js';
import { DAY_MS, setFunction, type StaffedTeam } from './team.js';

/** The real drone photos of the fixture inspection (SOURCE.md): two DJI Mavic Pro shots and a Mavic 3T one without pose. */
export const FIXTURE_PHOTOS = ['DJI_0012.JPG', 'DJI_0030.JPG', 'M3T_DJI_0001_R_pose-stripped.JPG'] as const;
type FixturePhoto = (typeof FIXTURE_PHOTOS)[number];
/** The previous inspection flew over the same place once. */
const PREVIOUS_PHOTOS = ['DJI_0012.JPG'] as const satisfies readonly FixturePhoto[];

/** The fixture photos' bytes, or null (after saying which is missing) when one is absent: the tests skip then. */
export function readFixturePhotos(): Record<FixturePhoto, Buffer> | null {
  const found = FIXTURE_PHOTOS.map((name) => [name, readFixture('drone-photos', name)] as const);
  const missing = found.filter(([, bytes]) => !bytes);
  for (const [name] of missing) console.warn(missingFixtureMessage('drone-photos', name));
  return missing.length > 0 ? null : (Object.fromEntries(found) as Record<FixturePhoto, Buffer>);
}

/** A defect as drawn on a photo: its points as fractions of the photo's width and height. */
interface Drawing {
  photo: FixturePhoto;
  type: 'crack' | 'spalling';
  level: number;
  kind: 'polyline' | 'rectangle' | 'polygon';
  at: Array<[number, number]>;
  widthPx?: number;
  description: string;
  pier?: true;
}

/** The photos uploaded over tus into the inspection's image group as the browser sends them, once ingested. */
async function uploadPhotos(
  server: Pick<TestServer, 'call'>,
  baseUrl: string,
  token: string,
  place: { inspectionId: number; groupId: number },
  photos: ReadonlyArray<[string, Buffer]>,
): Promise<Map<string, InspectionImage>> {
  const client = tusClient(baseUrl, token, INSPECTION_IMAGE_UPLOAD_PATH);
  for (const [name, bytes] of photos) {
    const created = await client.create(bytes.length, {
      inspectionId: String(place.inspectionId),
      imageGroupId: String(place.groupId),
      category: 'normal',
      filename: name,
    });
    if (!created.url) throw new Error(`the upload of ${name} was refused: ${created.response.status}`);
    const patched = await client.patch(created.url, 0, bytes);
    if (patched.status !== 204) throw new Error(`the bytes of ${name} were refused: ${patched.status}`);
  }
  const listed = () =>
    server
      .call<Page<InspectionImage>>('POST', '/api/inspection-image/findPage', {
        token,
        body: { inspectionId: place.inspectionId, pageSize: 100 },
      })
      .then(okData);
  const page = await pollUntil(listed, (now) => now.records.every((image) => image.state !== 'uploaded'));
  const images = new Map(page.records.map((image) => [image.name, image]));
  for (const [name] of photos)
    if (images.get(name)?.state !== 'processed') throw new Error(`${name} was not ingested: ${JSON.stringify(page)}`);
  return images;
}

/** Draws the defects through the defect call, on the photos' own pixel sizes; answers them as the call did. */
async function draw(
  server: Pick<TestServer, 'call'>,
  token: string,
  images: Map<string, InspectionImage>,
  context: { types: Record<Drawing['type'], number>; pierId: number | null },
  drawings: readonly Drawing[],
): Promise<Defect[]> {
  const drawn: Defect[] = [];
  for (const drawing of drawings) {
    const image = images.get(drawing.photo)!;
    const points = drawing.at.map(([x, y]) => [Math.round(x * image.width!), Math.round(y * image.height!)]);
    drawn.push(
      okData(
        await server.call<Defect>('POST', '/api/inspection-disease', {
          token,
          body: {
            imageId: image.id,
            typeId: context.types[drawing.type],
            level: drawing.level,
            shape: { kind: drawing.kind, points, widthPx: drawing.widthPx ?? null },
            description: drawing.description,
            markerId: drawing.pier ? context.pierId : null,
          },
        }),
      ),
    );
  }
  return drawn;
}

/**
 * The fixture inspection: "Autumn flight" of a project whose earlier "Spring flight" is its previous inspection,
 * both with real drone photos uploaded over tus and ingested by the product. Defects are drawn on them through the
 * defect call (sizes measured by the server from the photos' cameras): in autumn three cracks and two spalling
 * areas, the first crack on "Pier 3"; in spring a crack and a spalling area. The first autumn crack is bound by hand
 * to the spring crack and the matching then runs: the other autumn defects are new, the spring spalling repaired.
 * A key defect ("Kerb crack") stands for the first autumn crack, with its model screenshot.
 */
export async function buildFixtureInspection(
  server: Pick<TestServer, 'db' | 'call'>,
  baseUrl: string,
  team: StaffedTeam,
  photos: Record<FixturePhoto, Buffer>,
) {
  const { db } = server;
  const token = team.inspector.token;
  await setFunction(db, {
    teamId: team.id,
    code: 'historical_defect',
    activatedAt: new Date(Date.now() - DAY_MS),
    expiresAt: new Date(Date.now() + 30 * DAY_MS),
  });
  const previous = await buildInspection(db, {
    teamId: team.id,
    createdBy: team.admin.id,
    memberIds: [team.inspector.id, team.viewer.id],
    name: 'Spring flight',
    inspectionDate: '2025-04-12',
  });
  const current = await buildInspection(db, {
    teamId: team.id,
    createdBy: team.admin.id,
    projectId: previous.projectId,
    name: 'Autumn flight',
    inspectionDate: '2026-10-03',
  });
  const inspection = {
    id: current.inspectionId,
    name: 'Autumn flight',
    inspectionDate: '2026-10-03',
    description: 'Car park deck and ramps',
    previousInspectionId: previous.inspectionId,
  };
  okData(await server.call('PUT', '/api/inspection-task', { token: team.admin.token, body: inspection }));

  const [images, previousImages] = [
    await uploadPhotos(server, baseUrl, token, current, Object.entries(photos)),
    await uploadPhotos(
      server,
      baseUrl,
      token,
      previous,
      PREVIOUS_PHOTOS.map((name) => [name, photos[name]]),
    ),
  ];
  const types = { crack: await builtInDefectTypeId(db, 'crack'), spalling: await builtInDefectTypeId(db, 'spalling') };
  const { ids: markers } = await insertMarkers(db, current.projectId, [{ code: 'Pier 3' }]);
  const context = { types, pierId: markers['Pier 3']! };

  const defects = await draw(server, token, images, context, [
    {
      photo: 'DJI_0012.JPG',
      type: 'crack',
      level: 3,
      kind: 'polyline',
      at: [
        [0.3, 0.4],
        [0.45, 0.42],
        [0.55, 0.5],
      ],
      widthPx: 6,
      description: 'Along the kerb',
      pier: true,
    },
    {
      photo: 'DJI_0030.JPG',
      type: 'crack',
      level: 1,
      kind: 'polyline',
      at: [
        [0.6, 0.7],
        [0.7, 0.72],
      ],
      widthPx: 3,
      description: 'Hairline on the ramp',
    },
    {
      photo: 'M3T_DJI_0001_R_pose-stripped.JPG',
      type: 'crack',
      level: 3,
      kind: 'polyline',
      at: [
        [0.2, 0.2],
        [0.5, 0.6],
      ],
      widthPx: 4,
      description: '',
    },
    {
      photo: 'DJI_0030.JPG',
      type: 'spalling',
      level: 4,
      kind: 'rectangle',
      at: [
        [0.2, 0.3],
        [0.35, 0.3],
        [0.35, 0.45],
        [0.2, 0.45],
      ],
      description: 'Exposed rebar',
    },
    {
      photo: 'DJI_0012.JPG',
      type: 'spalling',
      level: 2,
      kind: 'polygon',
      at: [
        [0.7, 0.6],
        [0.8, 0.62],
        [0.78, 0.75],
        [0.68, 0.72],
      ],
      description: '',
    },
  ]);
  const previousDefects = await draw(server, token, previousImages, { ...context, pierId: null }, [
    {
      photo: 'DJI_0012.JPG',
      type: 'crack',
      level: 2,
      kind: 'polyline',
      at: [
        [0.3, 0.4],
        [0.45, 0.42],
      ],
      widthPx: 3,
      description: 'Along the kerb',
    },
    {
      photo: 'DJI_0012.JPG',
      type: 'spalling',
      level: 3,
      kind: 'rectangle',
      at: [
        [0.1, 0.1],
        [0.2, 0.1],
        [0.2, 0.2],
        [0.1, 0.2],
      ],
      description: 'Patched since',
    },
  ]);

  const pair = okData(
    await server.call<HistoryRelation>('POST', '/api/inspection-disease-his-pre/again/bind', {
      token,
      body: { defectId: defects[0]!.id, previousDefectId: previousDefects[0]!.id },
    }),
  );
  okData(
    await server.call('PUT', '/api/inspection-disease-his-pre/match', {
      token,
      body: { inspectionId: inspection.id, mode: 'continue' },
    }),
  );
  const matching = await pollUntil(
    async () =>
      okData(
        await server.call<HistoryTotal>('GET', `/api/inspection-disease-his-pre/total/his/sum/${inspection.id}`, {
          token,
        }),
      ),
    (total) => total.state === 'done' || total.state === 'failed',
  );
  if (matching.state !== 'done') throw new Error(`the matching did not finish: ${JSON.stringify(matching)}`);

  const keyDefect = await addKeyDefect(server, token, inspection.id, {
    name: 'Kerb crack',
    typeId: types.crack,
    level: 3,
    description: 'Widening towards the drain',
    defectId: defects[0]!.id,
  });
  return {
    projectId: current.projectId,
    inspection,
    previous: { id: previous.inspectionId, name: 'Spring flight' },
    images,
    defects,
    previousDefects,
    pair,
    keyDefect,
    types,
  };
}

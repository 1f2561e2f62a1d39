import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  AI_SCREENING_EVENT,
  AI_TRAINING_SET_EVENT,
  LIMITS,
  type AiFeedback,
  type AiImageInfo,
  type AiModel,
  type AiModelChoice,
  type AiScreeningStatus,
  type AiTrainingSet,
  type Defect,
} from '@sightline/shared';
import {
  syntheticTrainingSamples,
  trainSmallSegmenter,
  writeTrainingSet,
  type TrainingSetManifest,
} from '@sightline/vision';
import { createConfiguredBlobStore } from '../../platform/storage/configured-blob-store.js';
import { pollUntil, waitForEvent } from '../../../test/events.js';
import { describeOnEachDatabase } from '../../../test/harness.js';
import { listenOnLoopback } from '../../../test/listen.js';
import { insertPhotosWithOriginals } from '../../../test/factories/defect-export.js';
import { buildInspection } from '../../../test/factories/inspection.js';
import { unzip } from '../../../test/factories/inspection-report.js';
import { multipartStream, zeroBytes, type MultipartPart } from '../../../test/factories/multipart.js';
import { buildOutsider, builtInDefectTypeId } from '../../../test/factories/project.js';
import { okData } from '../../../test/factories/spatial-marker.js';
import { buildStaffedTeam, grantFunction, teamUsedBytes, type StaffedTeam } from '../../../test/factories/team.js';
import { createAiModelRepo } from './ai-model.repo.js';

const PHOTO_PX = 128;
const MIB = 1024 * 1024;

/** A model the trainer exports without a step: loads and answers like any other, quickly. */
async function untrainedModel(): Promise<{ model: Buffer; sidecar: Buffer }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ai-model-untrained-'));
  await writeTrainingSet(dir, await syntheticTrainingSamples(2, 32, 3));
  const made = await trainSmallSegmenter({
    dataDir: dir,
    outPath: path.join(dir, 'untrained.onnx'),
    seconds: 5,
    maxSteps: 0,
    evaluate: false,
  });
  const model = { model: fs.readFileSync(made.modelPath), sidecar: fs.readFileSync(made.sidecarPath) };
  fs.rmSync(dir, { recursive: true, force: true });
  return model;
}

/** The garbage collector, to measure only the bytes something still holds. */
function exposedGc(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

/**
 * A valid model `padding` bytes larger: its ModelProto gets a second doc_string (field 6, length-delimited; the last
 * one counts) of zero bytes, streamed after the model's own bytes.
 */
function* paddedModel(model: Buffer, padding: number): Generator<Buffer> {
  const length: number[] = [];
  for (let left = padding; ; left = Math.floor(left / 128)) {
    if (left < 128) {
      length.push(left);
      break;
    }
    length.push((left % 128) | 128);
  }
  yield model;
  yield Buffer.from([(6 << 3) | 2, ...length]);
  yield* zeroBytes(padding);
}
/** The training budget: the trainer stops at the steps (reproducible) well inside the seconds. */
const TRAINING = { seconds: 30, maxSteps: 60, seed: 1 };

describeOnEachDatabase('Learned AI models', (server) => {
  let team: StaffedTeam;
  let projectId = 0;
  let inspectionId = 0;
  let crackType = 0;
  let photos: number[] = [];
  let drawn: Array<Array<{ kind: 'polyline'; points: Array<[number, number]>; widthPx: number }>> = [];
  let folder = '';

  const call = <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, token?: string) =>
    server().call<T>(method, `/api${url}`, { token: token ?? team.inspector.token, body });
  const upload = async (
    files: { model?: MultipartPart['data']; sidecar?: Buffer | string },
    token = team.inspector.token,
    query = '',
  ) => {
    const { payload, headers } = multipartStream([
      ...(files.model ? [{ data: files.model, fileName: 'team-crack.onnx' }] : []),
      ...(files.sidecar !== undefined
        ? [{ data: Buffer.from(files.sidecar), fieldName: 'sidecar', fileName: 'team-crack.json' }]
        : []),
    ]);
    const response = await server().app.inject({
      method: 'POST',
      url: `/api/ai-model${query}`,
      headers: { authorization: `Bearer ${token}`, ...headers },
      payload,
    });
    return response.json() as { code: number; msg: string; data: AiModel };
  };
  const screenToEnd = async () => {
    const after = server().events.length;
    okData(await call('POST', `/ai-check/${inspectionId}`, { imageRange: 'keepManual', typeIds: [crackType] }));
    return waitForEvent<AiScreeningStatus>(server().events, {
      name: AI_SCREENING_EVENT,
      after,
      found: (value) => value.inspectionId === inspectionId && value.state === 'AI_CHECK_COMPLETE',
      what: 'the screening did not complete',
    });
  };
  const aiDefectsOf = (imageId: number) =>
    server()
      .db.selectFrom('defects')
      .select(['id', 'ai_model_id'])
      .where('image_id', '=', imageId)
      .where('source', '=', 'ai')
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    const db = server().db;
    team = await buildStaffedTeam(db);
    await grantFunction(db, team.id, 'ai_screening');
    const scene = await buildInspection(db, {
      teamId: team.id,
      createdBy: team.admin.id,
      memberIds: [team.inspector.id, team.viewer.id],
    });
    ({ projectId, inspectionId } = scene);
    crackType = await builtInDefectTypeId(db, 'crack');
    // Photos of concrete-like texture with cracks drawn along known polylines (every fourth without any).
    const samples = await syntheticTrainingSamples(10, PHOTO_PX, 7);
    photos = await insertPhotosWithOriginals(
      db,
      createConfiguredBlobStore(server().config),
      scene,
      samples.map((sample) => ({ name: `${sample.name}.jpg`, bytes: sample.imageJpeg, size: [PHOTO_PX, PHOTO_PX] })),
    );
    // The synthetic cracks run on past the photo's edge; a person draws them inside it.
    const inside = (value: number) => Math.min(PHOTO_PX - 1, Math.max(0, value));
    drawn = samples.map((sample) =>
      sample.shapes.map((shape) => ({
        kind: 'polyline' as const,
        points: shape.points.map(([u, v]) => [inside(u), inside(v)] as [number, number]),
        widthPx: shape.widthPx ?? 3,
      })),
    );
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ai-model-test-'));
  });

  /** What uploads left in the server's folder of models being uploaded (DATA_DIR/uploads/ai-model). */
  const uploadsDir = () => path.join(server().config.DATA_DIR, 'uploads', 'ai-model');
  const leftInUploads = () => (fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir()) : []);

  it('an inspection with nothing reviewed exports no training set', async () => {
    expect((await call('POST', `/ai-training-set/${inspectionId}`)).body.msg).toBe('TASK_CONTENT_EMPTY');
  });

  it('screens, reviews, exports a training set, trains on it, registers the model and screens with it', async () => {
    // 1. Screened by the built-in detector: its defects have no model.
    await screenToEnd();
    const builtIn = await server()
      .db.selectFrom('defects')
      .select(['id', 'image_id', 'ai_model_id'])
      .where('inspection_id', '=', inspectionId)
      .execute();
    expect(builtIn.every((row) => row.ai_model_id === null)).toBe(true);
    const builtInStatus = okData(await call<AiScreeningStatus>('GET', `/ai-check/queue-position/${inspectionId}`));
    expect(builtInStatus.detectors).toEqual([{ modelId: null, name: null }]);

    // 2. Review. Photo 0: accepted as found. Photo 1: its first AI defect edited to the crack as drawn. Photo 2: its
    // AI defects rejected with feedback (not damage). Photo 3 has no crack: what the AI found there rejected, the
    // photo reviewed as no damage. The others: the cracks drawn by hand.
    const reject = async (imageId: number) => {
      const rejected = [];
      for (const defect of await aiDefectsOf(imageId)) {
        const info = okData(await call<AiImageInfo>('POST', `/inspection-image/img-ai-info/${imageId}`));
        rejected.push(info.defects.find((entry) => entry.id === defect.id)!.points);
        okData(
          await call<AiFeedback>('POST', '/inspection-image/ai-feedback', {
            defectId: defect.id,
            correctTypeId: null,
            content: 'a stain, not a crack',
          }),
        );
      }
      return rejected;
    };
    const [edited] = await aiDefectsOf(photos[1]!);
    if (edited) {
      okData(await call<Defect>('PUT', '/inspection-disease', { id: edited.id, shape: drawn[1]![0] }));
    }
    const rejectedOnPhoto2 = await reject(photos[2]!);
    await reject(photos[3]!);
    expect(drawn[3]).toEqual([]);
    okData(await call('POST', '/inspection-image/review', { ids: [photos[0]!, photos[1]!, photos[2]!, photos[3]!] }));
    for (const index of [4, 5, 6, 7, 8, 9]) {
      for (const shape of drawn[index]!) {
        okData(
          await call<Defect>('POST', '/inspection-disease', {
            imageId: photos[index],
            typeId: crackType,
            level: 2,
            shape,
          }),
        );
      }
    }

    // 3. The training set: exported by a job, downloaded as a zip.
    const after = server().events.length;
    const started = okData(await call<AiTrainingSet>('POST', `/ai-training-set/${inspectionId}`));
    expect(started).toMatchObject({ state: 'generating', fileUrl: null });
    const ended = await waitForEvent<{ id: number; state: string }>(server().events, {
      name: AI_TRAINING_SET_EVENT,
      after,
      found: (value) => value.id === started.id && value.state !== 'generating',
      what: 'the training set was not written',
    });
    expect(ended.state).toBe('done');
    const [record] = okData(
      await call<AiTrainingSet[]>(
        'GET',
        `/ai-training-set/list?inspectionId=${inspectionId}`,
        undefined,
        team.viewer.token,
      ),
    );
    expect(record).toMatchObject({ id: started.id, state: 'done' });
    const download = await server().app.inject({
      method: 'GET',
      url: record!.fileUrl!,
      headers: { authorization: `Bearer ${team.viewer.token}` },
    });
    expect(download.statusCode).toBe(200);
    const entries = await unzip(download.rawPayload);
    const manifest = JSON.parse(entries.get('manifest.json')!.toString('utf8')) as TrainingSetManifest;
    // Photos 0 to 3 reviewed, 4 to 9 drawn on by hand but 7, which has no crack and was neither reviewed nor drawn on.
    expect(drawn[7]).toEqual([]);
    expect(manifest.samples).toHaveLength(9);
    expect(record!.photoCount).toBe(9);
    expect(record!.heldBackCount).toBe(manifest.counts.test.images);
    expect(manifest.counts.train.images + manifest.counts.test.images).toBe(9);
    const sampleOf = (index: number) => manifest.samples.find((sample) => sample.name.startsWith(`${photos[index]}-`))!;
    expect(sampleOf(7)).toBeUndefined();
    // Photo 3, reviewed as no damage, is a negative example: an empty mask.
    expect(sampleOf(3).shapes).toBe(0);
    // A held-back split: each photo's split is where its id says (ids divisible by 5 held back).
    for (const [index, id] of photos.entries()) {
      if (index !== 7) expect(sampleOf(index).split).toBe(id % 5 === 0 ? 'test' : 'train');
    }
    // What was rejected with feedback is in no mask: the mask of photo 2 is empty along the rejected shapes.
    const two = sampleOf(2);
    expect(two.shapes).toBe(0);
    const mask = await sharp(entries.get(`${two.split}/lab/${two.name}.png`)!)
      .raw()
      .toBuffer({ resolveWithObject: true });
    for (const points of rejectedOnPhoto2) {
      for (const [u, v] of points) expect(mask.data[Math.round(v) * mask.info.width + Math.round(u)]).toBe(0);
    }
    // The edited crack is in its photo's mask as drawn.
    if (edited) {
      const one = sampleOf(1);
      const oneMask = await sharp(entries.get(`${one.split}/lab/${one.name}.png`)!)
        .raw()
        .toBuffer({ resolveWithObject: true });
      const [u, v] = drawn[1]![0]!.points[1]!;
      expect(oneMask.data[Math.round(v) * oneMask.info.width + Math.round(u)]).toBe(255);
    }

    // 4. Trained by packages/vision's small segmenter on the unzipped set.
    const setDir = path.join(folder, 'set');
    for (const [name, bytes] of entries) {
      fs.mkdirSync(path.dirname(path.join(setDir, name)), { recursive: true });
      fs.writeFileSync(path.join(setDir, name), bytes);
    }
    const trained = await trainSmallSegmenter({
      dataDir: setDir,
      outPath: path.join(folder, 'team-crack.onnx'),
      ...TRAINING,
    });

    // 5. Registered through the API: loaded and checked at once, then evaluated on held-back photos by a job.
    const registered = await upload(
      { model: fs.readFileSync(trained.modelPath), sidecar: fs.readFileSync(trained.sidecarPath) },
      team.inspector.token,
      '?name=Team%20cracks',
    );
    expect(registered.msg).toBe('success');
    expect(registered.data).toMatchObject({ name: 'Team cracks', state: 'checking', classes: ['crack'] });
    const model = await pollUntil(
      async () => okData(await call<AiModel>('GET', `/ai-model/${registered.data.id}`, undefined, team.viewer.token)),
      (value) => value.state !== 'checking',
    );
    expect(model.state).toBe('ready');
    expect(model.evaluation!.photos).toBe(manifest.counts.test.images);
    if (model.evaluation!.photos > 0) expect(model.evaluation!.f).toBeGreaterThanOrEqual(0);

    // 6. Chosen for the project; the team keeps the built-in detector.
    expect(okData(await call<AiModelChoice>('PUT', '/ai-model/choice', { projectId, modelId: model.id }))).toEqual({
      teamModelId: null,
      projectModelId: model.id,
      effectiveModelId: model.id,
    });
    const listed = okData(await call<AiModel[]>('GET', '/ai-model/list', undefined, team.viewer.token));
    expect(listed.map((entry) => [entry.id, entry.chosenForTeam, entry.chosenProjectIds])).toEqual([
      [model.id, false, [projectId]],
    ]);
    // A chosen model cannot be deleted.
    expect((await call('DELETE', `/ai-model/${model.id}`)).body.msg).toBe('AI_MODEL_IN_USE');

    // 7. The next screening uses it: the AI defects say so.
    const done = await screenToEnd();
    expect(done.defects).toBeGreaterThan(0);
    const found = await server()
      .db.selectFrom('defects')
      .select('ai_model_id')
      .where('inspection_id', '=', inspectionId)
      .where('source', '=', 'ai')
      .execute();
    expect(found.length).toBe(done.defects);
    expect(found.every((row) => row.ai_model_id === model.id)).toBe(true);
    const withDefects = await server()
      .db.selectFrom('defects')
      .select('image_id')
      .where('inspection_id', '=', inspectionId)
      .where('source', '=', 'ai')
      .executeTakeFirstOrThrow();
    const info = okData(await call<AiImageInfo>('POST', `/inspection-image/img-ai-info/${withDefects.image_id}`));
    expect(info.defects.map((defect) => defect.aiModelId)).toEqual(info.defects.map(() => model.id));
    // Named where a reviewer reads them: each defect, and the run's summary (every photo screened again by it).
    const byModel = { modelId: model.id, name: 'Team cracks' };
    expect(info.defects.map((defect) => defect.detector)).toEqual(info.defects.map(() => byModel));
    expect(done.detectors).toEqual([byModel]);

    // 8. Made the team's default: once the project's own choice is cleared, the project uses the team's.
    expect(okData(await call<AiModelChoice>('PUT', '/ai-model/choice', { modelId: model.id }))).toEqual({
      teamModelId: model.id,
      projectModelId: null,
      effectiveModelId: model.id,
    });
    expect(okData(await call<AiModelChoice>('PUT', '/ai-model/choice', { projectId, modelId: null }))).toEqual({
      teamModelId: model.id,
      projectModelId: null,
      effectiveModelId: model.id,
    });
    expect((await call('DELETE', `/ai-model/${model.id}`)).body.msg).toBe('AI_MODEL_IN_USE');

    // 9. Back to the built-in detector everywhere, the model can go.
    expect(okData(await call<AiModelChoice>('PUT', '/ai-model/choice', { modelId: null }))).toEqual({
      teamModelId: null,
      projectModelId: null,
      effectiveModelId: null,
    });
    expect(okData(await call('DELETE', `/ai-model/${model.id}`))).toBeNull();
    expect((await call('GET', `/ai-model/${model.id}`)).body.msg).toBe('AI_MODEL_NOT_EXISTING');
    // Its defects keep its id, their name gone with it: a deleted model, not the built-in detector.
    const deleted = { modelId: model.id, name: null };
    const afterDelete = okData(
      await call<AiImageInfo>('POST', `/inspection-image/img-ai-info/${withDefects.image_id}`),
    );
    expect(afterDelete.defects.map((defect) => defect.detector)).toEqual(afterDelete.defects.map(() => deleted));
    expect(okData(await call<AiScreeningStatus>('GET', `/ai-check/queue-position/${inspectionId}`)).detectors).toEqual([
      deleted,
    ]);
  }, 240_000);

  describe('refuses', () => {
    const sidecar = {
      format: 'sightline-seg-v1',
      input: { name: 'input' },
      output: { name: 'prob', kind: 'sigmoid-probability', classes: [{ channel: 0, code: 'crack' }] },
    };
    let untrained: { model: Buffer; sidecar: Buffer } = { model: Buffer.alloc(0), sidecar: Buffer.alloc(0) };
    const onnx = () => untrained.model;

    beforeAll(async () => {
      untrained = await untrainedModel();
    });

    it('bytes that are not an ONNX model', async () => {
      const answer = await upload({ model: Buffer.from('not a model at all'), sidecar: JSON.stringify(sidecar) });
      expect(answer.msg).toBe('AI_MODEL_FILE_ERROR');
      expect(okData(await call<AiModel[]>('GET', '/ai-model/list'))).toEqual([]);
    });

    it('a sidecar without classes, or not JSON', async () => {
      const { classes: _classes, ...output } = sidecar.output;
      expect((await upload({ model: onnx(), sidecar: JSON.stringify({ ...sidecar, output }) })).msg).toBe(
        'AI_MODEL_SIDECAR_ERROR',
      );
      expect((await upload({ model: onnx(), sidecar: '{ not json' })).msg).toBe('AI_MODEL_SIDECAR_ERROR');
      expect((await upload({ model: onnx() })).msg).toBe('VALIDATION_ERROR');
    });

    /** An upload refused as too large keeps nothing. */
    const refusedTooLarge = async (files: Parameters<typeof upload>[0]) => {
      expect((await upload(files)).msg).toBe('FILE_TOO_LARGE');
      expect(okData(await call<AiModel[]>('GET', '/ai-model/list'))).toEqual([]);
    };

    it('a sidecar one byte over its size limit', async () => {
      await refusedTooLarge({
        model: onnx(),
        sidecar: JSON.stringify(sidecar).padEnd(LIMITS.aiModel.sidecarMaxBytes + 1, ' '),
      });
    });

    it('a model file one byte over its size limit', async () => {
      // Streamed: the test never holds the 200 MB.
      await refusedTooLarge({ model: zeroBytes(LIMITS.aiModel.fileMaxBytes + 1), sidecar: JSON.stringify(sidecar) });
      expect(leftInUploads()).toEqual([]);
    });

    it("a model over the team's quota, keeping none of its files and counting nothing", async () => {
      const db = server().db;
      const storedModels = async () => {
        const keys: string[] = [];
        for await (const entry of createConfiguredBlobStore(server().config).list(`teams/${team.id}/ai-models/`))
          keys.push(entry.key);
        return keys;
      };
      const used = await teamUsedBytes(db, team.id);
      const room = untrained.model.length + untrained.sidecar.length - 1;
      const { volume_max_gb } = await db
        .selectFrom('teams')
        .select('volume_max_gb')
        .where('id', '=', team.id)
        .executeTakeFirstOrThrow();
      const full = String(volume_max_gb * 1024 ** 3 - room);
      await db.updateTable('teams').set({ volume_used_bytes: full }).where('id', '=', team.id).execute();
      try {
        expect((await upload(untrained)).msg).toBe('TEAM_VOLUME_EXCEED');
        expect(await teamUsedBytes(db, team.id)).toBe(Number(full));
        expect(okData(await call<AiModel[]>('GET', '/ai-model/list'))).toEqual([]);
        expect(await storedModels()).toEqual([]);
        expect(leftInUploads()).toEqual([]);
      } finally {
        await db
          .updateTable('teams')
          .set({ volume_used_bytes: String(used) })
          .where('id', '=', team.id)
          .execute();
      }
    });

    it("another team's model", async () => {
      const model = okData({ status: 200, headers: {}, body: await upload(untrained) });
      // Kept as uploaded, and the temporary file it went through is gone.
      const [row] = await server()
        .db.selectFrom('ai_models')
        .select(['model_key', 'size_bytes'])
        .where('id', '=', model.id)
        .execute();
      const stored = await createConfiguredBlobStore(server().config).read(row!.model_key);
      expect(stored.equals(untrained.model)).toBe(true);
      expect(Number(row!.size_bytes)).toBe(untrained.model.length + untrained.sidecar.length);
      expect(leftInUploads()).toEqual([]);
      const outsider = await buildOutsider(server().db);
      const asOutsider = (method: 'GET' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
        call(method, url, body, outsider.token);
      expect((await asOutsider('GET', `/ai-model/${model.id}`)).body.msg).toBe('AI_MODEL_NOT_EXISTING');
      expect((await asOutsider('PUT', '/ai-model/choice', { modelId: model.id })).body.msg).toBe(
        'AI_MODEL_NOT_EXISTING',
      );
      expect((await asOutsider('DELETE', `/ai-model/${model.id}`)).body.msg).toBe('AI_MODEL_NOT_EXISTING');
      expect(okData(await asOutsider('GET', '/ai-model/list'))).toEqual([]);
    });

    it('a viewer managing models or exporting, while reading them', async () => {
      const viewer = team.viewer.token;
      expect((await upload({ model: onnx(), sidecar: JSON.stringify(sidecar) }, viewer)).msg).toBe('NO_AUTH');
      expect((await call('PUT', '/ai-model/choice', { modelId: null }, viewer)).body.msg).toBe('NO_AUTH');
      expect((await call('POST', `/ai-training-set/${inspectionId}`, undefined, viewer)).body.msg).toBe('NO_AUTH');
      const [model] = okData(await call<AiModel[]>('GET', '/ai-model/list', undefined, viewer));
      expect((await call('DELETE', `/ai-model/${model!.id}`, undefined, viewer)).body.msg).toBe('NO_AUTH');
      expect(
        okData(await call<AiModelChoice>('GET', `/ai-model/choice?projectId=${projectId}`, undefined, viewer)),
      ).toEqual({ teamModelId: null, projectModelId: null, effectiveModelId: null });
    });

    it('choosing a model still being checked or whose check failed, keeping the choice', async () => {
      // The project uses the ready model uploaded above; the team keeps the built-in detector.
      const [uploaded] = okData(await call<AiModel[]>('GET', '/ai-model/list'));
      const ready = await pollUntil(
        async () => okData(await call<AiModel>('GET', `/ai-model/${uploaded!.id}`)),
        (value) => value.state !== 'checking',
      );
      expect(ready.state).toBe('ready');
      const chosen = okData(await call<AiModelChoice>('PUT', '/ai-model/choice', { projectId, modelId: ready.id }));
      // Models as an upload leaves them before their evaluation job ends, and as a failed evaluation leaves them:
      // through the module's repo, with no job queued, so neither changes state under the test.
      const repo = createAiModelRepo(server().db);
      const insert = (name: string) =>
        repo.insertModel(server().db, {
          teamId: team.id,
          name,
          classes: ['crack'],
          sizeBytes: 1,
          keys: { model: `test/${name}/model.onnx`, sidecar: `test/${name}/model.json` },
          createdBy: team.inspector.id,
        });
      const checking = await insert('Still checking');
      const failed = await insert('Failed check');
      await repo.finishCheck(failed.id, { state: 'failed', errorKey: 'AI_MODEL_FILE_ERROR' });
      for (const model of [checking, failed]) {
        for (const scope of [{ projectId }, {}]) {
          expect((await call('PUT', '/ai-model/choice', { ...scope, modelId: model.id })).body.msg).toBe(
            'AI_MODEL_NOT_READY',
          );
        }
      }
      expect(okData(await call<AiModelChoice>('GET', `/ai-model/choice?projectId=${projectId}`))).toEqual(chosen);
      expect(chosen).toEqual({ teamModelId: null, projectModelId: ready.id, effectiveModelId: ready.id });
    });
  });

  describe('streams an uploaded model to disk', () => {
    let untrained: { model: Buffer; sidecar: Buffer } = { model: Buffer.alloc(0), sidecar: Buffer.alloc(0) };
    let baseUrl = '';

    beforeAll(async () => {
      untrained = await untrainedModel();
      baseUrl = await listenOnLoopback(server().app);
    });

    /** A POST of the upload's multipart body over real HTTP, its body written by `send`. */
    const post = (headers: Record<string, string>) => {
      const request = http.request(`${baseUrl}/api/ai-model`, {
        method: 'POST',
        headers: { authorization: `Bearer ${team.inspector.token}`, ...headers },
      });
      const answer = new Promise<{ msg: string; data: AiModel }>((resolve, reject) => {
        request.on('error', reject);
        request.on('response', (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
          response.on('error', reject);
        });
      });
      return { request, answer };
    };

    it('a client that goes away mid-upload leaves no file behind', async () => {
      const kept = okData(await call<AiModel[]>('GET', '/ai-model/list'));
      const { payload, headers } = multipartStream([
        { data: untrained.sidecar, fieldName: 'sidecar', fileName: 'model.json' },
        { data: zeroBytes(64 * MIB), fileName: 'model.onnx' },
      ]);
      const { request, answer } = post(headers);
      answer.catch(() => undefined);
      // A quarter of the body sent, then nothing more: the model is being written to its temporary file.
      let sent = 0;
      for await (const chunk of payload as AsyncIterable<Buffer>) {
        if (!request.write(chunk)) await new Promise((resolve) => request.once('drain', resolve));
        sent += chunk.length;
        if (sent >= 16 * MIB) break;
      }
      const size = () =>
        leftInUploads().reduce((total, name) => total + fs.statSync(path.join(uploadsDir(), name)).size, 0);
      await pollUntil(
        async () => size(),
        (bytes) => bytes > MIB,
      );
      expect(leftInUploads()).toHaveLength(1);
      expect(size()).toBeGreaterThan(MIB);
      request.destroy();
      expect(
        await pollUntil(
          async () => leftInUploads(),
          (names) => names.length === 0,
        ),
      ).toEqual([]);
      expect(okData(await call<AiModel[]>('GET', '/ai-model/list'))).toEqual(kept);
    });

    it('a 60 MB model is checked and kept without the server holding its bytes', async () => {
      const gc = exposedGc();
      const padding = 60 * MIB;
      let peak = 0;
      const sample = () => {
        gc();
        peak = Math.max(peak, process.memoryUsage().arrayBuffers);
      };
      gc();
      const before = process.memoryUsage().arrayBuffers;
      /** The model's bytes, measuring what the process holds every 8 MiB sent (a full collection takes a while). */
      function* sampled(chunks: Iterable<Buffer>): Generator<Buffer> {
        let sent = 0;
        for (const chunk of chunks) {
          if (Math.floor((sent + chunk.length) / (8 * MIB)) > Math.floor(sent / (8 * MIB))) sample();
          sent += chunk.length;
          yield chunk;
        }
      }
      const { payload, headers } = multipartStream([
        { data: untrained.sidecar, fieldName: 'sidecar', fileName: 'big.json' },
        { data: sampled(paddedModel(untrained.model, padding)), fileName: 'big.onnx' },
      ]);
      const { request, answer } = post(headers);
      payload.pipe(request);
      // While the server checks and stores it, too: every half second after the last measure ended, so that the
      // collections leave the server most of the time.
      let answered = false;
      const measureUntilAnswered = () => {
        if (answered) return;
        sample();
        setTimeout(measureUntilAnswered, 500);
      };
      payload.once('end', measureUntilAnswered);
      const uploaded = await answer.finally(() => (answered = true));
      expect(uploaded.msg).toBe('success');
      // The model as sent: its bytes, the padding's header and the padding, with the sidecar.
      expect(uploaded.data.sizeBytes).toBeGreaterThan(padding + untrained.model.length + untrained.sidecar.length);
      expect(uploaded.data.sizeBytes).toBeLessThan(padding + untrained.model.length + untrained.sidecar.length + 8);
      // Held: a few chunks in flight, never the model (a buffer of it alone would be 60 MB).
      expect(peak - before).toBeLessThan(padding / 4);
      expect(leftInUploads()).toEqual([]);
    }, 120_000);
  });

  describe("the last run's model", () => {
    it('is the one chosen when the run started, after the choice changes and its AI defects are deleted', async () => {
      const registered = await upload(await untrainedModel(), team.inspector.token, '?name=Run%20model');
      const model = await pollUntil(
        async () => okData(await call<AiModel>('GET', `/ai-model/${registered.data.id}`)),
        (value) => value.state !== 'checking',
      );
      expect(model.state).toBe('ready');
      okData(await call<AiModelChoice>('PUT', '/ai-model/choice', { modelId: null }));
      okData(await call<AiModelChoice>('PUT', '/ai-model/choice', { projectId, modelId: model.id }));
      const byModel = { modelId: model.id, name: 'Run model' };
      expect((await screenToEnd()).detectors).toEqual([byModel]);

      // The built-in detector chosen again and the run's AI defects deleted: the summary still names the run's model.
      expect(okData(await call<AiModelChoice>('PUT', '/ai-model/choice', { projectId, modelId: null }))).toMatchObject({
        effectiveModelId: null,
      });
      const found = await server()
        .db.selectFrom('defects')
        .select('id')
        .where('inspection_id', '=', inspectionId)
        .where('source', '=', 'ai')
        .execute();
      if (found.length > 0) {
        okData(await call('DELETE', '/inspection-disease/deleteIds', { ids: found.map((row) => row.id) }));
      }
      const status = () => call<AiScreeningStatus>('GET', `/ai-check/queue-position/${inspectionId}`);
      expect(okData(await status()).detectors).toEqual([byModel]);

      // While a screening would use it, the model cannot go even once nobody has it chosen.
      const busy = (state: 'AI_CHECKING' | 'AI_CHECK_COMPLETE') =>
        server().db.updateTable('ai_screenings').set({ state }).where('inspection_id', '=', inspectionId).execute();
      await busy('AI_CHECKING');
      expect((await call('DELETE', `/ai-model/${model.id}`)).body.msg).toBe('AI_MODEL_IN_USE');
      await busy('AI_CHECK_COMPLETE');

      // Deleted, it is still the run's, by its id.
      expect(okData(await call('DELETE', `/ai-model/${model.id}`))).toBeNull();
      expect(okData(await status()).detectors).toEqual([{ modelId: model.id, name: null }]);
    }, 120_000);
  });
});

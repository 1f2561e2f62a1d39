import path from 'node:path';
import { defineProvision, type ModuleDefinition } from '../../platform/modules/module-definition.js';
import { LICENCE_PUBLIC_KEY } from './licence-public-key.js';
import { createLicenceRepo } from './licence.repo.js';
import { registerLicenceGate, registerLicenceRoutes } from './licence.routes.js';
import { createLicenceService, type LicenceService } from './licence.service.js';
import { readMachineCode } from './machine-code.js';

/** The licence of a local deployment; null on the hosted service, which needs none. */
export const LICENCE = defineProvision<LicenceService | null>('licence');

/** Registered first: in local mode its gate must stand before every other call. */
export const licenceModule: ModuleDefinition = {
  name: 'licence',
  register(context) {
    const { config } = context;
    const licence = config.LOCAL_MODE
      ? createLicenceService({
          repo: createLicenceRepo(context.database.db),
          publicKey: LICENCE_PUBLIC_KEY,
          machineCode: readMachineCode(),
          licenceFilePath: path.join(config.DATA_DIR, 'licence', 'licence.lic'),
        })
      : null;
    context.provide(LICENCE, licence);
    if (!licence) return;
    context.routes((router) => {
      registerLicenceGate(context.app, licence);
      registerLicenceRoutes(router, { licence });
    });
  },
};

/**
 * The context registry: each bounded context adds one line here. createApp mounts their routes,
 * the projector runs their projections, the server starts their jobs.
 */
import type { ApiModule } from '../module';
import { accountsModule } from './accounts';
import { billingModule } from './billing';
import { imagesModule } from './images';
import { mailModule } from './mail';
import { projectsModule } from './projects';

export const modules: ApiModule[] = [accountsModule, projectsModule, imagesModule, billingModule, mailModule];

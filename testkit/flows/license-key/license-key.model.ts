/** Model of the License Key dialog machine for generated paths. */
import { licenseKeyMachine } from '@/machines/license-key.machine'
import type { PathPlan } from '@/testkit/model/paths'
import { plusLicense, regeneratedKey } from '../my-licenses/my-licenses.fixtures'
import { copies } from './license-key.oracle'

export const licenseKeyModel: PathPlan<typeof licenseKeyMachine> = {
  name: 'licenseKey',
  machine: licenseKeyMachine,
  actors: [],
  // The view writes the key to the clipboard on this action.
  effects: { actions: { copyKey: (params: { licenseKey: string }) => copies(params.licenseKey) } },
  events: [{ type: 'dialog.open', license: plusLicense }, { type: 'dialog.close' }, { type: 'key.copyAndClose' }, { type: 'key.regenerated', licenseKey: regeneratedKey }],
}

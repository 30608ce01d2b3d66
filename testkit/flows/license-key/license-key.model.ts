/** Model of the License Key dialog machine for generated paths. */
import { licenseKeyMachine } from '@/machines/license-key.machine'
import type { PathPlan } from '@/testkit/model/paths'
import { plusLicense, regeneratedKey } from '../my-licenses/my-licenses.model'

export const licenseKeyModel: PathPlan<typeof licenseKeyMachine> = {
  name: 'licenseKey',
  machine: licenseKeyMachine,
  actors: [],
  events: [{ type: 'dialog.open', license: plusLicense }, { type: 'dialog.close' }, { type: 'key.copyAndClose' }, { type: 'key.regenerated', licenseKey: regeneratedKey }],
}

import nx from '@nx/eslint-plugin';
import baseConfig, { apiTypesOnly } from '../../../eslint.config.mjs';

export default [...nx.configs['flat/react'], ...baseConfig, apiTypesOnly];

import { join } from 'node:path';
import { repoRoot } from '@payrail/devstack';
import { writeOpenApiDocuments } from './generate.js';

const files = await writeOpenApiDocuments(join(repoRoot(), 'openapi'));
console.log(`OpenAPI written: ${files.join(', ')}`);
process.exit(0);

// Resolves the '@/…' alias (tsconfig paths, vite's alias) for the boundary rules; the rest is Node's resolution.
const path = require('node:path');
const node = require('eslint-import-resolver-node');

exports.interfaceVersion = 2;

exports.resolve = (source, file, config) => {
  const target = source.startsWith('@/') ? path.join(__dirname, 'src', source.slice(2)) : source;
  return node.resolve(target, file, { extensions: ['.ts', '.tsx', '.js', '.jsx'], ...config });
};

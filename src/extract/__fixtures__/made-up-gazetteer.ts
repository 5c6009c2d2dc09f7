import { buildGazetteerTables } from '../gazetteer/build-gazetteer-tables.js';
import { decodeGazetteer, encodeGazetteer } from '../gazetteer/compact-gazetteer.js';
import { type Gazetteer, gazetteerOf } from '../gazetteer/load-gazetteer.js';

// A made-up country: a big city with a suburb and a section, a second city of like size beside it,
// a far town, a town across a regional border, a city with a curated short name, and a county name
// two regions share, one of them around that city.
const TABLE = [
  '# test gazetteer',
  'C\tZZ\tRuritania\t45.0\t15.0\tStrelsau\t\tRuritanian',
  'R\tZZ\t01\tNorth March\t46.0\t15.5\tprovince\t',
  'R\tZZ\t02\tSouth Vale\t44.0\t14.5\tprovince\t',
  'D\tZZ\t01\tHollow County\t46.2\t15.2',
  'D\tZZ\t02\tHollow County\t44.1\t14.1',
  'P\tStrelsau\t45.0\t15.0\tZZ\t01\t900000\tPPLC\t',
  'P\tZenda Heights\t45.05\t15.05\tZZ\t01\t40000\tPPL\t',
  'P\tHentzau\t45.15\t15.0\tZZ\t01\t500000\tPPL\t',
  'P\tOld Quarter\t45.01\t15.01\tZZ\t01\t20000\tPPLX\t',
  'P\tTarlenheim\t46.0\t15.0\tZZ\t01\t5000\tPPL\t',
  'P\tBorrowdale\t44.95\t15.0\tZZ\t02\t8000\tPPL\t',
  'P\tNew Marburg\t44.0\t14.0\tZZ\t02\t400000\tPPLA\t',
  '',
].join('\n');
/** A made-up country's gazetteer, for place rules that depend on population and distance. */
export const madeUpGazetteer: Gazetteer = gazetteerOf(
  decodeGazetteer(
    encodeGazetteer(
      buildGazetteerTables(TABLE, [{ variant: 'N.M.', name: 'New Marburg', cc: 'ZZ', source: 'test' }]),
      'test',
    ),
    'test',
  ),
);

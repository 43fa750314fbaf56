// Importing a result file or a hyperfine export, wherever the dashboard offers it (Compare and
// History): one store action and one validation path in the core, so a file is refused with the
// same words from either place, and nothing is stored when it is.
import { useSlice } from '../stores/StoresContext';
import { HyperfineImportForm } from './HyperfineImportForm';
import { ImportPanel } from './ImportPanel';

export function RunImportBox() {
  const compare = useSlice(
    (s) => s.compare,
    (s) => s,
  );
  return (
    <>
      <ImportPanel
        status={compare.importStatus}
        onFile={(name, text, lastModified) => void compare.importFile(name, text, lastModified)}
      />
      {compare.pendingHyperfine && (
        <HyperfineImportForm
          fileName={compare.pendingHyperfine.file.name}
          commands={compare.pendingHyperfine.commands}
          onImport={(details) => void compare.importHyperfine(details)}
          onCancel={compare.cancelHyperfine}
        />
      )}
    </>
  );
}

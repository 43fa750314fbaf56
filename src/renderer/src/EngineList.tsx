import type { DiscoveredEngine } from '../../shared/engine';

function formatMemory(bytes: number): string {
  return `${(bytes / 1024 ** 3).toFixed(1)} GiB`;
}

function details(engine: DiscoveredEngine): string {
  const parts = [
    engine.serverVersion && `Docker ${engine.serverVersion}`,
    engine.os,
    engine.arch,
    engine.cpus !== undefined && `${engine.cpus} CPUs`,
    engine.memoryBytes !== undefined && formatMemory(engine.memoryBytes),
  ];
  return parts.filter(Boolean).join(' · ');
}

export function EngineList({ engines }: { engines: DiscoveredEngine[] }) {
  if (engines.length === 0) {
    return <p>No Docker engine found. Start Docker Desktop, Rancher Desktop, colima or a Docker Engine.</p>;
  }
  return (
    <ul className="engines">
      {engines.map((engine) => (
        <li key={`${engine.name}\u0000${engine.endpoint}`} className={engine.reachable ? 'up' : 'down'}>
          <strong>{engine.name}</strong>
          {engine.current && <span className="badge">current</span>}
          <span className="provider">{engine.provider}</span>
          <div className="endpoint">{engine.endpoint}</div>
          <div>{engine.reachable ? details(engine) : `Not reachable: ${engine.error ?? 'no answer'}`}</div>
        </li>
      ))}
    </ul>
  );
}

using System;
using Docker.DotNet;

namespace Acme.Agents
{
    public sealed class DaemonPool
    {
        // The Engine API version the agents were certified against.
        private static readonly Version CertifiedApi = new Version(1, 43);

        // Daemons older than this are refused before any call (a gate, not a client setting).
        private static readonly Version OldestDaemon = new Version(20, 10);

        private readonly Uri _endpoint;

        public DaemonPool(Uri endpoint)
        {
            _endpoint = endpoint;
        }

        public bool Accepts(Version daemon)
        {
            return daemon >= OldestDaemon;
        }

        public DockerClient Open()
        {
            using var configuration = new DockerClientConfiguration(_endpoint);
            return configuration.CreateClient(CertifiedApi);
        }
    }
}

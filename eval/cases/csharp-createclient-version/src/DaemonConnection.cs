using System;
using Docker.DotNet;

namespace Shipwright.Agent
{
    public static class DaemonConnection
    {
        private static readonly Uri LocalSocket = new Uri("unix:///var/run/docker.sock");

        public static DockerClient Open()
        {
            var configuration = new DockerClientConfiguration(LocalSocket);
            return configuration.CreateClient(new Version(1, 41));
        }
    }
}

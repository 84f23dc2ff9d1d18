namespace Acme.Containers.Tests.Unit
{
  using System;
  using Xunit;

  public sealed class EnvironmentSettingsTest : IDisposable
  {
    [Theory]
    [InlineData("", "", null)]
    [InlineData("DOCKER_API_VERSION", "", null)]
    [InlineData("DOCKER_API_VERSION", "not-a-version", null)]
    [InlineData("DOCKER_API_VERSION", "1.52", "1.52")]
    public void ReadsApiVersion(string name, string value, string expected)
    {
      Environment.SetEnvironmentVariable(name, value);
      var settings = new EnvironmentSettings();
      Assert.Equal(expected, settings.ApiVersion?.ToString());
    }

    [Theory]
    [InlineData("docker.api.version=1.52", "1.52")]
    public void ReadsApiVersionFromProperties(string line, string expected)
    {
      var settings = new PropertiesSettings(new[] { line });
      Assert.Equal(expected, settings.ApiVersion?.ToString());
    }

    public void Dispose() => Environment.SetEnvironmentVariable("DOCKER_API_VERSION", null);
  }
}

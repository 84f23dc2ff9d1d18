package org.acme.model;

import static com.github.dockerjava.core.RemoteApiVersion.VERSION_1_22;
import static org.acme.model.JsonFixtures.roundTrip;
import static org.junit.Assert.assertEquals;

import com.github.dockerjava.api.model.Info;
import com.github.dockerjava.core.RemoteApiVersion;
import org.junit.Test;

public class InfoJsonTest {

    @Test
    public void parsesOldDaemonInfo() throws Exception {
        Info info = roundTrip(VERSION_1_22, "info/legacy.json", Info.class);
        assertEquals("overlay", info.getDriver());
    }

    @Test
    public void parsesSwarmInfo() throws Exception {
        Info info = roundTrip(RemoteApiVersion.VERSION_1_38, "info/swarm.json", Info.class);
        assertEquals(Integer.valueOf(3), info.getSwarm().getNodes());
    }

    @Test
    public void gatesOnDaemonVersion() throws Exception {
        if (daemonApi().isGreaterOrEqual(RemoteApiVersion.VERSION_1_30)) {
            assertEquals(4, roundTrip(VERSION_1_22, "info/plugins.json", Info.class).getPlugins().size());
        }
    }
}

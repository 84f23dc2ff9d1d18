package org.northwind.ci.stages

import groovy.json.JsonSlurperClassic

class MirrorToHub {
    Script script

    def hubSession(account, secret) {
        def loginResponse = script.httpRequest url: "https://hub.docker.com/v2/users/login",
                            httpMode: "POST",
                            contentType: 'APPLICATION_JSON',
                            requestBody: "{\"username\": \"${account}\",\"password\": \"${secret}\"}",
                            consoleLogResponseBody: false,
                            validResponseCodes: '200'
        return new JsonSlurperClassic().parseText(loginResponse.content).token
    }

    def tagPublished(fullName, session, tag) {
        def probe = script.httpRequest url: "https://hub.docker.com/v2/repositories/${fullName}/tags/${tag}",
                            httpMode: 'GET',
                            customHeaders: [[name: 'Authorization', value: "Bearer ${session}"]],
                            consoleLogResponseBody: false,
                            validResponseCodes: '200,404'
        return probe.status
    }

    void run(context) {
        def source = context.platform.registryHost()
        def project = context.codebase.config.name

        script.node("mirror-agent") {
            script.dir("${context.workDir}") {
                def creds = context.platform.secret("hub-mirror")
                def org = new String(creds.data.org.decodeBase64())
                def fullName = "${org}/" + "${project}"
                def account = new String(creds.data.user.decodeBase64())
                def secret = new String(creds.data.token.decodeBase64())

                def session = hubSession(account, secret)
                if (tagPublished(fullName, session, context.codebase.tag) == 200) {
                    script.println("[INFO] ${fullName}:${context.codebase.tag} is already on Docker Hub")
                    return
                }
                script.sh """
                        set +x
                        crane auth login index.docker.io -u ${account} -p ${secret}
                        set -ex
                        crane cp ${source}/${project}:${context.codebase.tag} docker.io/${fullName}:${context.codebase.tag}
                        """
            }
        }
    }
}

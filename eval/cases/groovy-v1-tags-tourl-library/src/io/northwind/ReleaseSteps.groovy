#!/usr/bin/groovy
package io.northwind

import groovy.json.JsonSlurper

def artifactPublished(String repo, String group, String artifact, String version) {
  def url = new URL("${repo}/${group}/${artifact}/${version}/${artifact}-${version}.jar")
  HttpURLConnection connection = url.openConnection()
  connection.setRequestMethod("GET")
  try {
    connection.connect()
    return true
  } catch (FileNotFoundException e) {
    echo "Not yet available: ${url.toString()}"
    return false
  } finally {
    connection.disconnect()
  }
}

def imageTagsOnHub(String imageName) {
  try {
    return "https://registry.hub.docker.com/v1/repositories/${imageName}/tags".toURL().getText()
  } catch (err) {
    return "IMAGE_UNKNOWN"
  }
}

def hubToken(String user, String secret) {
  // old flow, kept for reference:
  // sh "curl -s -X POST -d '{\"username\":\"${user}\"}' https://hub.docker.com/v2/users/login"
  return sh(script: "docker-credential-hub get ${user}", returnStdout: true).trim()
}

def openPullRequest(String title, String project, String branch) {
  def api = new URL("https://api.github.com/repos/${project}/pulls")
  HttpURLConnection connection = api.openConnection()
  connection.setRequestMethod("POST")
  connection.setDoOutput(true)
  def body = """{"title": "${title}", "head": "${branch}", "base": "main"}"""
  def writer = new OutputStreamWriter(connection.getOutputStream())
  writer.write(body)
  writer.flush()
  return new JsonSlurper().parse(new InputStreamReader(connection.getInputStream(), "UTF-8")).number
}

return this

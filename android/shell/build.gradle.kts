// Plain Kotlin (JVM) module: the platform adapters that are not Android API (the effect executor,
// the core host, the background-sync policy, the sealed token, the HTTP transport).
// It also carries the UniFFI Kotlin bindings, generated from the host build of ply-ffi by the
// project's script (never hand-edited), so the same code is unit-tested on a laptop JVM.
import org.gradle.api.tasks.Exec
import org.jetbrains.kotlin.gradle.dsl.JvmTarget

plugins {
    alias(libs.plugins.kotlin.jvm)
}

// Java 17 bytecode from whatever JDK runs Gradle (Android Studio's JBR 21 is fine), as in :app.
java {
    sourceCompatibility = JavaVersion.VERSION_17
    targetCompatibility = JavaVersion.VERSION_17
}
kotlin { compilerOptions { jvmTarget.set(JvmTarget.JVM_17) } }

val repoRoot = rootProject.projectDir.parentFile
val cargoBinDir: String by rootProject.extra
val pathWithCargo: String by rootProject.extra
val generatedBindings = layout.buildDirectory.dir("generated/uniffi/kotlin")

// generate.sh builds ply-ffi for the host itself; the tests load that build (target/debug).
val cargoBuildHost by tasks.registering(Exec::class) {
    description = "Builds ply-ffi for the host, to generate bindings and run the JVM tests."
    workingDir = repoRoot
    environment("PATH", pathWithCargo)
    // The same features as bindings/generate.sh, so cargo builds the library once for both.
    commandLine(File(cargoBinDir, "cargo").path, "build", "-p", "ply-ffi", "--features", "bindgen", "--lib", "--bin", "uniffi-bindgen")
}

val generateBindings by tasks.registering(Exec::class) {
    description = "Generates the Kotlin bindings from the built library (library mode)."
    dependsOn(cargoBuildHost)
    workingDir = repoRoot
    // Regenerate whenever the exported API (or the app core and engine behind it) changes.
    environment("PATH", pathWithCargo)
    inputs.dir(File(repoRoot, "bindings/src"))
    inputs.dir(File(repoRoot, "app/src"))
    inputs.dir(File(repoRoot, "core/src"))
    inputs.file(File(repoRoot, "bindings/uniffi.toml"))
    inputs.file(File(repoRoot, "app/uniffi.toml"))
    inputs.file(File(repoRoot, "core/uniffi.toml"))
    outputs.dir(generatedBindings)
    val out = generatedBindings.get().asFile
    doFirst { out.deleteRecursively() }
    commandLine("bash", "bindings/generate.sh", "kotlin", out.absolutePath)
}

kotlin.sourceSets.named("main") { kotlin.srcDir(generatedBindings) }
tasks.named("compileKotlin") { dependsOn(generateBindings) }

dependencies {
    // JNA comes from the app as an AAR on Android; on the JVM the tests bring the jar.
    compileOnly(libs.jna)
    testImplementation(libs.jna)
    testImplementation(kotlin("test"))
    testImplementation(platform(libs.junit.bom))
    testImplementation(libs.junit.jupiter)
    testRuntimeOnly(libs.junit.platform.launcher)
}

tasks.test {
    useJUnitPlatform()
    dependsOn(cargoBuildHost)
    systemProperty("jna.library.path", File(repoRoot, "target/debug").absolutePath)
}

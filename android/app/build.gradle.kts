import org.gradle.api.file.DirectoryProperty
import org.gradle.api.tasks.Exec
import org.gradle.api.tasks.OutputDirectory
import org.jetbrains.kotlin.gradle.dsl.JvmTarget

plugins {
    alias(libs.plugins.android.application)
    alias(libs.plugins.kotlin.android)
    alias(libs.plugins.kotlin.compose)
}

val repoRoot = rootProject.projectDir.parentFile
val jniLibsOut = layout.buildDirectory.dir("rustJniLibs")
val allAbis = listOf("arm64-v8a", "armeabi-v7a", "x86_64")
// Run/Debug from Android Studio passes the device's ABIs (best first) as
// android.injected.build.abi: build the core for the first of them Ply supports, not all three in
// release mode with LTO (an x86_64 emulator, whose list also names x86 and, with ARM translation,
// arm64-v8a, gets x86_64; a phone gets arm64-v8a). A device none of whose ABIs is supported (an
// x86-only emulator image) fails here with what to do, instead of installing an app without its
// library. `-Pply.abis=arm64-v8a,x86_64` chooses explicitly; otherwise (Build > Generate App
// Bundles or APKs, the command line) every ABI is built.
val rustAbis: List<String> =
    providers.gradleProperty("ply.abis").orNull?.split(',')?.map { it.trim() }?.filter { it in allAbis }
        ?.takeIf { it.isNotEmpty() }
        ?: providers.gradleProperty("android.injected.build.abi").orNull
            ?.split(',')?.map { it.trim() }?.filter { it.isNotEmpty() }?.takeIf { it.isNotEmpty() }
            ?.let { device ->
                val abi = device.firstOrNull { it in allAbis } ?: throw GradleException(
                    "The device's ABIs (${device.joinToString()}) include none Ply builds " +
                        "(${allAbis.joinToString()}): run on an arm64 phone or an emulator with an " +
                        "x86_64 or arm64 system image (android/README.md, \"Run on a device or emulator\").",
                )
                listOf(abi)
            }
        ?: allAbis

android {
    namespace = "dev.ply.app"
    compileSdk = 36

    defaultConfig {
        applicationId = "dev.ply.app"
        minSdk = 26
        targetSdk = 36
        versionCode = 1
        versionName = "0.1.0"
        ndk {
            abiFilters += allAbis
        }
    }

    buildTypes {
        release {
            isMinifyEnabled = true
            proguardFiles(getDefaultProguardFile("proguard-android-optimize.txt"), "proguard-rules.pro")
        }
    }
    compileOptions {
        sourceCompatibility = JavaVersion.VERSION_17
        targetCompatibility = JavaVersion.VERSION_17
    }
    androidResources {
        // The app's own languages (res/values = en, res/values-de); library translations for
        // other languages are left out, so the UI does not mix them. As res/xml/locales_config.xml.
        // Incubating in AGP 8.x, hence the suppression.
        @Suppress("UnstableApiUsage")
        localeFilters += listOf("en", "de")
    }
    buildFeatures {
        compose = true
        buildConfig = true
    }
    packaging {
        // JNA's licence texts, which would otherwise clash between its jar and AAR metadata.
        resources.excludes += listOf("META-INF/AL2.0", "META-INF/LGPL2.1")
    }
    // The NDK cargo-ndk links with (install it from Android Studio's SDK Manager, see README).
    // r28 and later align native libraries to 16 KB pages, which Play requires of apps that
    // target Android 15 and later.
    ndkVersion = "28.2.13676358"
}

// The generated view models are immutable in use: declared stable, a composable given an equal one
// is skipped (compose-stability.conf says why; tests/android-ui.sh compiles with the same file).
composeCompiler {
    stabilityConfigurationFiles.add(layout.projectDirectory.file("compose-stability.conf"))
}

// Java 17 bytecode from whatever JDK runs Gradle (Android Studio's bundled JBR 21 is fine): no
// toolchain to find or download.
kotlin { compilerOptions { jvmTarget.set(JvmTarget.JVM_17) } }

/** cargo-ndk's run, with the folder it writes as a typed output that AGP can wire to its consumers. */
abstract class CargoNdk : Exec() {
    @get:OutputDirectory
    abstract val jniLibsDir: DirectoryProperty
}

// The Rust core for the ABIs above, by cargo-ndk (see android/README.md for the one-time setup).
val ndkDir = androidComponents.sdkComponents.ndkDirectory
val cargoBinDir: String by rootProject.extra
val pathWithCargo: String by rootProject.extra
val cargoNdk by tasks.registering(CargoNdk::class) {
    description = "Builds libply_ffi.so for ${rustAbis.joinToString()} with cargo-ndk."
    workingDir = repoRoot
    // Rebuild when the Rust sources, the files they include (the app core's translations, the
    // Othello pattern weights and opening book) or the manifests change (cargo itself is
    // incremental); ply-ffi exports the app core (app/) and the engine (core/).
    // tests/build-checks.py keeps this list in step with include_str! and include_bytes!.
    for (dir in listOf("core/src", "core/data", "app/src", "app/locales", "bindings/src")) inputs.dir(File(repoRoot, dir))
    for (file in listOf("Cargo.toml", "Cargo.lock", "core/Cargo.toml", "app/Cargo.toml", "bindings/Cargo.toml")) {
        inputs.file(File(repoRoot, file))
    }
    inputs.property("abis", rustAbis)
    jniLibsDir.set(jniLibsOut)
    environment("PATH", pathWithCargo)
    // 16 KB ELF alignment even if an older NDK is configured (the linker flag is harmless on r28+).
    for (triple in listOf("AARCH64_LINUX_ANDROID", "ARMV7_LINUX_ANDROIDEABI", "X86_64_LINUX_ANDROID")) {
        environment("CARGO_TARGET_${triple}_RUSTFLAGS", "-C link-arg=-Wl,-z,max-page-size=16384")
    }
    // cargo-ndk finds the NDK through ANDROID_NDK_HOME; default it to the one this build uses
    // (`ndkVersion` above), read when the task runs. The output folder is read then too: AGP
    // moves a generated source directory under build/generated (addGeneratedSourceDirectory).
    doFirst {
        if (System.getenv("ANDROID_NDK_HOME") == null) {
            environment("ANDROID_NDK_HOME", ndkDir.get().asFile.absolutePath)
        }
        val out = jniLibsDir.get().asFile
        // Only the ABIs built now: a stale library of another ABI must not be packaged.
        out.deleteRecursively()
        commandLine(
            listOf(File(cargoBinDir, "cargo").path, "ndk") +
                rustAbis.flatMap { listOf("-t", it) } +
                listOf(
                    "--platform", "26",
                    "-o", out.absolutePath,
                    "build", "--release", "-p", "ply-ffi",
                ),
        )
    }
}
// The libraries as a generated source of every variant: every task that reads jniLibs (merging,
// packaging, and the lint-vital analysis of a release build, which read a plain srcDir without
// depending on cargoNdk and failed `assembleRelease` on the undeclared dependency) now depends on
// cargoNdk through AGP's own wiring.
androidComponents {
    onVariants { variant ->
        variant.sources.jniLibs?.addGeneratedSourceDirectory(cargoNdk, CargoNdk::jniLibsDir)
    }
}
// The Kotlin bindings the shell module generates, made by the build Android Studio runs after a
// sync (it generates the app's sources), so the editor resolves `dev.ply.core`, `dev.ply.appcore` and `dev.ply.ffi` from the start.
tasks.named("preBuild") { dependsOn(":shell:generateBindings") }

dependencies {
    implementation(project(":shell"))
    // JNA's Android AAR carries libjnidispatch.so for every ABI (the plain jar has none).
    implementation(libs.jna) { artifact { type = "aar" } }
    implementation(libs.androidx.core.ktx)
    implementation(libs.androidx.lifecycle.runtime.ktx)
    // ProcessLifecycleOwner: ON_START/ON_STOP of the whole app (ScreenShown/ScreenHidden,
    // Foreground/Background), which a rotation does not send.
    implementation(libs.androidx.lifecycle.process)
    implementation(libs.androidx.activity.compose)
    // Enforced, not a plain platform: no transitive androidx library may lift Compose past the
    // API the JVM check (tests/android-ui.sh) compiles against (android/README.md, "The UI on the JVM").
    implementation(enforcedPlatform(libs.androidx.compose.bom))
    implementation(libs.androidx.compose.ui)
    implementation(libs.androidx.compose.ui.graphics)
    implementation(libs.androidx.compose.ui.tooling.preview)
    implementation(libs.androidx.compose.material3)
    // The auto-mirrored back arrow (ui/Common.kt), named rather than taken through material3.
    implementation(libs.androidx.compose.material.icons.core)
    implementation(libs.androidx.work.runtime.ktx)
    implementation(libs.kotlinx.coroutines.android)
    debugImplementation(libs.androidx.compose.ui.tooling)
}
